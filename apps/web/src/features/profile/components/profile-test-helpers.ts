import { storedSession } from '@portal/contract';

/** The session as stored in local storage (the key of docs/product.md §3), parsed. */
export function readSessionForTest() {
  const raw = window.localStorage.getItem('userDetails');
  return raw ? storedSession.parse(JSON.parse(raw)) : null;
}
