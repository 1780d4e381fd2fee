/**
 * Access tokens are short-lived (15 minutes). When a signed-in call is answered 401, `apiCall`
 * asks the renewer registered here (the session, in the auth feature) for a fresh access token and
 * retries once. The renewer owns single-flight and sign-out; shared code only knows this hook, so
 * the dependency direction stays `features → shared`.
 */
export type AccessTokenRenewer = (rejectedToken: string) => Promise<string | null>;

let renewer: AccessTokenRenewer | null = null;

/** Registers the renewer; returns a function that removes it again (for effects and tests). */
export function setAccessTokenRenewer(next: AccessTokenRenewer | null): () => void {
  renewer = next;
  return () => {
    if (renewer === next) renewer = null;
  };
}

export function currentAccessTokenRenewer(): AccessTokenRenewer | null {
  return renewer;
}
