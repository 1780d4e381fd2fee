import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/** The sign-in page's lookup of an e-mail domain's identity provider (decision 0051), asked as a username is typed. */
const IDENTITY_PROVIDER_LOOKUP = /\/crm\/auth\/identity-provider\?/;

/**
 * Replaces `fetch` — the network edge, the only thing these tests mock — with a fresh mock before
 * each test of the calling file, and restores it after. Read the current mock as `network.fetch`.
 *
 * The sign-in page's identity-provider lookups are answered "none" (null) apart from the mock, so a test's queue of
 * answers is not taken by a lookup that a slow keystroke let run; `identityProviderLookups: 'mocked'` hands them to the
 * mock like any other call.
 */
export function stubFetchForEachTest({ identityProviderLookups = 'none' }: { identityProviderLookups?: 'none' | 'mocked' } = {}): {
  readonly fetch: Mock<typeof fetch>;
} {
  const network = {} as { fetch: Mock<typeof fetch> };
  beforeEach(() => {
    network.fetch = vi.fn<typeof fetch>();
    const none = () => new Response(JSON.stringify({ errors: false, result: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      identityProviderLookups === 'none' && IDENTITY_PROVIDER_LOOKUP.test(String(input instanceof Request ? input.url : input))
        ? Promise.resolve(none())
        : network.fetch(input, init),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return network;
}
