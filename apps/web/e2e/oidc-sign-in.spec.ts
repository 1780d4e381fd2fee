import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { E2E_ENV } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './auth-support';
import { createApiKey, providerApi } from './support/provider';

/**
 * Sign-in with the customer's identity provider (issue 37, decision 0051) through a real OpenID provider (oidc-provider)
 * this test starts on a port of its own, with its real login and consent pages in Chromium. A fresh account and contacts
 * made through the provider API, so no demo user's password sign-in changes. The portal is opened at its PUBLIC_URL's
 * origin (localhost), where the identity provider sends the browser back. Wrong audience, an expired ID token, a
 * mismatched state, nonce or issuer and a deleted contact are the server tests' (identity-providers.routes.test.ts).
 */
const PORT = Number(E2E_ENV.PORT);
const PORTAL = `http://localhost:${PORT}`;
const IDP_PORT = PORT + 7;
const RUN = Date.now().toString(36);
const DOMAIN = `idp-${RUN}.example`;
const CLIENT_SECRET = `e2e-idp-secret-${RUN}`;

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  ada: { email: `ada@${DOMAIN}`, email_verified: true, given_name: 'Ada', family_name: 'Idp' },
  una: { email: `una@${DOMAIN}`, email_verified: false },
  sam: { email: `sam@elsewhere-${RUN}.example`, email_verified: true },
};

let idp: Server;
const issuer = `http://127.0.0.1:${IDP_PORT}`;

test.beforeAll(async ({ request }) => {
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'portal', client_secret: CLIENT_SECRET, redirect_uris: [`${PORTAL}/api/crm/auth/identity-provider/callback`] }],
    findAccount: (_ctx, id) => (ACCOUNTS[id] ? { accountId: id, claims: () => ({ sub: id, ...ACCOUNTS[id] }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['e2e-only-cookie-key'] },
  });
  idp = createServer(provider.callback());
  await new Promise<void>((resolve) => idp.listen(IDP_PORT, '127.0.0.1', resolve));

  const api = providerApi(request, await createApiKey(`OIDC e2e ${RUN}`, 'accounts:write,contacts:write'));
  const account = `oidc-e2e-${RUN}`;
  expect((await api.put(`/accounts/${account}`, { name: `Idp Test Co ${RUN}` })).status()).toBe(201);
  const contact = { firstname: 'Ada', lastname: 'Idp', email: `ada@${DOMAIN}`, send_invitation: false };
  expect((await api.put(`/accounts/${account}/contacts/ada-${RUN}`, contact)).status()).toBe(201);
  const configured = await api.put(`/accounts/${account}/identity-provider`, {
    name: 'Idp Test SSO',
    issuer,
    client_id: 'portal',
    client_secret: CLIENT_SECRET,
    domains: [DOMAIN],
  });
  expect(configured.status()).toBe(201);
  expect(await configured.text()).not.toContain(CLIENT_SECRET);
});

test.afterAll(async () => {
  await new Promise((resolve) => idp?.close(resolve));
});

/** At the identity provider's own pages: its login form (any password), then its consent. */
async function signInAtIdentityProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function startFromSignInPage(page: Page, email: string) {
  await page.goto(`${PORTAL}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByRole('link', { name: 'Sign in with Idp Test SSO' }).click();
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

test('the account’s sign-in link shows its button at once', async ({ page }) => {
  await page.goto(`${PORTAL}/login?idp=${DOMAIN}`);
  await expect(page.getByRole('link', { name: 'Sign in with Idp Test SSO' })).toBeVisible();
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

test('an e-mail of a domain the account’s identity provider does not serve is refused', async ({ page }) => {
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
