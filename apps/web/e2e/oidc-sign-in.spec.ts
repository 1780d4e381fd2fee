import { createServer, type Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { expect, test, type Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { E2E_ENV } from '../playwright.config';
import { expectAxeCleanInBothThemes, expectNoSeriousA11yViolations } from './auth-support';
import { createApiKey, providerApi } from './support/provider';

/**
 * Sign-in with the customer's identity provider (issue 37, decision 0051) through a real OpenID provider (oidc-provider)
 * this test starts on a port of its own, with its real login and consent pages in Chromium. A fresh account and contacts
 * made through the provider API, so no demo user's password sign-in changes. The portal is opened at its PUBLIC_URL's
 * origin (localhost), where the identity provider sends the browser back. Two more providers of two more accounts
 * misbehave: one's clock is five minutes behind (its one-minute ID tokens arrive expired, its ten-minute cookies still
 * hold in the browser), the other addresses its ID tokens to another
 * client (wrong audience); they run the server tests' provider in a worker thread, whose clock can be set apart. A
 * mismatched state, nonce or issuer and a deleted contact are the server tests' (identity-providers.routes.test.ts).
 */
const PORT = Number(E2E_ENV.PORT);
const PORTAL = `http://localhost:${PORT}`;
const IDP_PORT = PORT + 7;
const RUN = Date.now().toString(36);
const DOMAIN = `idp-${RUN}.example`;
const CLIENT_SECRET = `e2e-idp-secret-${RUN}`;
/** The domains of the accounts whose providers misbehave. */
const LATE_DOMAIN = `idp-late-${RUN}.example`;
const STRAY_DOMAIN = `idp-stray-${RUN}.example`;
const CLIENTS = [{ client_id: 'portal', client_secret: CLIENT_SECRET, redirect_uris: [`${PORTAL}/api/crm/auth/identity-provider/callback`] }];

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  ada: { email: `ada@${DOMAIN}`, email_verified: true, given_name: 'Ada', family_name: 'Idp' },
  una: { email: `una@${DOMAIN}`, email_verified: false },
  // An address of another account's domain.
  sam: { email: `sam@${LATE_DOMAIN}`, email_verified: true },
};

let idp: Server;
const issuer = `http://127.0.0.1:${IDP_PORT}`;
const misbehaving: Array<{ worker: Worker; issuer: string }> = [];

/** The server tests' OpenID provider (apps/server/test/oidc-test-provider.worker.mjs) in a worker thread of this process. */
async function startProviderInWorker(options: Record<string, unknown>): Promise<{ worker: Worker; issuer: string }> {
  const worker = new Worker(new URL('../../server/test/oidc-test-provider.worker.mjs', import.meta.url), { workerData: { clients: CLIENTS, ...options } });
  const started = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { issuer?: string }) => message.issuer && resolve(message.issuer));
  });
  return { worker, issuer: started };
}

/** An account of its own with `ada@<domain>`, signed in by the provider at `providerIssuer`. */
async function accountWithProvider(api: ReturnType<typeof providerApi>, key: string, name: string, domain: string, providerIssuer: string) {
  const account = `oidc-e2e-${key}-${RUN}`;
  expect((await api.put(`/accounts/${account}`, { name: `${name} Co ${RUN}` })).status()).toBe(201);
  const contact = { firstname: 'Ada', lastname: 'Idp', email: `ada@${domain}`, send_invitation: false };
  expect((await api.put(`/accounts/${account}/contacts/ada-${key}-${RUN}`, contact)).status()).toBe(201);
  const configured = await api.put(`/accounts/${account}/identity-provider`, {
    name,
    issuer: providerIssuer,
    client_id: 'portal',
    client_secret: CLIENT_SECRET,
    domains: [domain],
  });
  expect(configured.status()).toBe(201);
  return configured;
}

test.beforeAll(async ({ request }) => {
  const provider = new Provider(issuer, {
    clients: CLIENTS,
    findAccount: (_ctx, id) => (ACCOUNTS[id] ? { accountId: id, claims: () => ({ sub: id, ...ACCOUNTS[id] }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['e2e-only-cookie-key'] },
  });
  idp = createServer(provider.callback());
  await new Promise<void>((resolve) => idp.listen(IDP_PORT, '127.0.0.1', resolve));

  const api = providerApi(request, await createApiKey(`OIDC e2e ${RUN}`, 'accounts:write,contacts:write'));
  const configured = await accountWithProvider(api, 'main', 'Idp Test SSO', DOMAIN, issuer);
  expect(await configured.text()).not.toContain(CLIENT_SECRET);

  const late = await startProviderInWorker({ accounts: { ada: { email: `ada@${LATE_DOMAIN}`, email_verified: true } }, clockOffsetSeconds: -300 });
  const stray = await startProviderInWorker({ accounts: { ada: { email: `ada@${STRAY_DOMAIN}`, email_verified: true } }, idTokenAudience: 'another-site' });
  misbehaving.push(late, stray);
  await accountWithProvider(api, 'late', 'Late SSO', LATE_DOMAIN, late.issuer);
  await accountWithProvider(api, 'stray', 'Stray SSO', STRAY_DOMAIN, stray.issuer);
});

test.afterAll(async () => {
  await new Promise((resolve) => idp?.close(resolve));
  for (const { worker } of misbehaving) {
    worker.postMessage('close');
    await new Promise((resolve) => worker.once('exit', resolve));
  }
});

/** At the identity provider's own pages: its login form (any password), then its consent. */
async function signInAtIdentityProvider(page: Page, login: string, at = issuer) {
  await expect(page).toHaveURL(new RegExp(`^${at}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function startFromSignInPage(page: Page, email: string, providerName = 'Idp Test SSO') {
  await page.goto(`${PORTAL}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByRole('link', { name: `Sign in with ${providerName}` }).click();
}

test('signs in through the identity provider’s own pages and lands in the portal', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(`${PORTAL}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(`ada@${DOMAIN}`);
  const button = page.getByRole('link', { name: 'Sign in with Idp Test SSO' });
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  await button.click();
  await signInAtIdentityProvider(page, 'ada');
  await expect(page).toHaveURL(`${PORTAL}/apps`);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  // The one-time code was in the fragment only, and is gone from the address.
  expect(new URL(page.url()).hash).toBe('');
});

test('the account’s sign-in link shows its button at once, axe-clean in both themes at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${PORTAL}/login?idp=${DOMAIN}`);
  await expect(page.getByRole('link', { name: 'Sign in with Idp Test SSO' })).toBeVisible();
  await expectAxeCleanInBothThemes(page);
});

test('an unverified e-mail is refused, with the reason on the sign-in page', async ({ page }) => {
  test.setTimeout(90_000);
  await startFromSignInPage(page, `una@${DOMAIN}`);
  await signInAtIdentityProvider(page, 'una');
  await expect(page).toHaveURL(`${PORTAL}/login?idp_error=email_unverified`);
  await expect(page.getByText('Your identity provider has not verified your e-mail address')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
});

for (const [name, what, domain, index] of [
  ['Late SSO', 'an expired ID token', LATE_DOMAIN, 0],
  ['Stray SSO', 'an ID token addressed to another client (wrong audience)', STRAY_DOMAIN, 1],
] as const) {
  test(`${what} is refused, with the reason on the sign-in page`, async ({ page }) => {
    test.setTimeout(90_000);
    await startFromSignInPage(page, `ada@${domain}`, name);
    await signInAtIdentityProvider(page, 'ada', misbehaving[index]!.issuer);
    await expect(page).toHaveURL(`${PORTAL}/login?idp_error=rejected`);
    await expect(page.getByText('The answer of your identity provider could not be verified.')).toBeVisible();
  });
}

test('an e-mail of another account’s domain is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await startFromSignInPage(page, `ada@${DOMAIN}`);
  await signInAtIdentityProvider(page, 'sam');
  await expect(page).toHaveURL(`${PORTAL}/login?idp_error=domain_not_served`);
  await expect(page.getByText('is not of a domain that your organization’s identity provider signs in here')).toBeVisible();
});

test('the completion page says when its code is no good, with the way back to sign in', async ({ page }) => {
  await page.goto(`${PORTAL}/login/identity-provider#code=not-a-code`);
  await expect(page.getByText('This sign-in has expired or was already used. Please sign in again.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(`${PORTAL}/login`);
});
