export { DEFAULT_SIGNED_IN_PATH, loginPathReturningTo, pathAfterSignIn, RETURN_PARAM, safeReturnPath } from './return-path';
