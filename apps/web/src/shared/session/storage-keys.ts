/**
 * The storage keys of a sign-in, in a module of their own that imports nothing: main.tsx reads them before the app's
 * code is loaded (decision 0045), and session-store.ts, which keeps them, exports them from here.
 */

/** Local-storage keys of docs/product.md §3, kept as the original portal named them. */
export const SESSION_STORAGE_KEY = 'userDetails';
/** Why the last session in this tab ended (session storage), for the sign-in page to say so once. */
export const SIGNED_OUT_REASON_KEY = 'signedOutReason';
/** The password-change page (reached by the e-mailed link), which ends any session. */
export const CHANGE_PASSWORD_PATH = '/page-change-password';
