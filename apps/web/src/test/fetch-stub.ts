import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/**
 * Replaces `fetch` — the network edge, the only thing these tests mock — with a fresh mock before
 * each test of the calling file, and restores it after. Read the current mock as `network.fetch`.
 */
export function stubFetchForEachTest(): { readonly fetch: Mock<typeof fetch> } {
  const network = {} as { fetch: Mock<typeof fetch> };
  beforeEach(() => {
    network.fetch = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', network.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return network;
}
