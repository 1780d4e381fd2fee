export { SignedInUserContext, useSignedInUser, type SignedInFlags, type SignedInUser, type SignedInUserChanges } from './signed-in-user';
