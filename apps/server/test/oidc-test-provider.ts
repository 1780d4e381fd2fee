import { Worker } from 'node:worker_threads';

/** A client registered at the test identity provider. */
export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** The claims the test provider answers for a login (its `sub` is the login). */
export type TestOidcClaims = Record<string, unknown>;

export interface TestIdentityProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Starts a real OpenID provider (the `oidc-provider` package) on a free port of this machine, in a worker thread of this
 * process. Its dev login page takes any of `accounts` by login, with any password.
 */
export async function startTestIdentityProvider(options: {
  clients: TestOidcClient[];
  accounts: Record<string, TestOidcClaims>;
  /** Seconds the provider's clock is ahead (negative: behind) of the portal's. */
  clockOffsetSeconds?: number;
  /** The `aud` its ID tokens carry instead of the asking client's id (a misbehaving or misconfigured provider). */
  idTokenAudience?: string;
}): Promise<TestIdentityProvider> {
  const worker = new Worker(new URL('./oidc-test-provider.worker.mjs', import.meta.url), { workerData: options });
  const issuer = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { issuer?: string; serverError?: string }) => {
      if (message.issuer) resolve(message.issuer);
      if (message.serverError) console.error('test identity provider:', message.serverError);
    });
  });
  return {
    issuer,
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/**
 * What a person does at the identity provider, without a browser: opens the authorization URL, signs in on its login
 * page as `login`, gives consent, and follows the redirects until one leaves for the portal. Answers that redirect.
 */
export async function signInAtIdentityProvider(authorizationUrl: string, login: string, portalOrigin: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: cookieHeader() } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin === new URL(portalOrigin).origin) return url;
      continue;
    }
    const page = await response.text();
    const prompt: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    const submitted = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt).toString(),
    });
    url = new URL(submitted.headers.get('location')!, url);
    if (url.origin === new URL(portalOrigin).origin) return url;
  }
  throw new Error('The identity provider never sent the browser back');
}
