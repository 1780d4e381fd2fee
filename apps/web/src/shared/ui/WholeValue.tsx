import type { ReactNode } from 'react';

/** The class of a value read whole: it moves to the next line as one piece, never breaking inside (portal.css). */
export const WHOLE_VALUE = 'portal-whole-value';

/** An e-mail address, a username, a ticket number, money, a date or a phone number in running text or a cell. */
export function WholeValue({ children }: { children: ReactNode }) {
  return <span className={WHOLE_VALUE}>{children}</span>;
}
