import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_ENV } from '../playwright.config';

/** Helpers of the auth journeys (auth-*.spec.ts): demo users, the mail outbox, the staff CLI, axe. */

export const DEMO_PASSWORD = 'demo-pass-2026';
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** The e2e server's settings (E2E_PORT moves the whole run to other ports). */
const serverEnv = E2E_ENV;
const E2E_DATABASE_URL = `postgres://portal:portal-local-only@127.0.0.1:${serverEnv.EMBEDDED_PG_PORT}/portal`;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOutFromHeader(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** WCAG 2.1 A/AA with no serious or critical violations (docs/decisions/0004). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Axe in the light and the dark theme, by the emulated system preference (the person's theme must be 'System'). */
export async function expectAxeCleanInBothThemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(colorScheme);
    await expectNoSeriousA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Polled: right after the window narrows, the layout (and a toast shown while it was wide) may not have settled yet. */
export async function expectNoSidewaysScroll(page: Page, width = 320) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(width);
}

/**
 * The newest mail to an address in the e2e server's outbox (no SMTP_URL: mail is kept in
 * mail_outbox), waiting briefly for it to appear after `since`.
 */
export async function latestMailTo(address: string, since: Date): Promise<{ subject: string; text: string }> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = lower($1) AND created_at >= $2 ORDER BY id DESC LIMIT 1',
        [address, since],
      );
      const mail = rows[0];
      if (mail) return { subject: mail.subject, text: mail.text_body };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No mail to ${address} in the outbox`);
  } finally {
    await client.end();
  }
}

/** The path and query of the first link to `pathname` in a text, to open against the test's baseURL. */
export function linkIn(text: string, pathname: string): string {
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.map((raw) => new URL(raw))
    .find((url) => url.pathname === pathname);
  if (!found) throw new Error(`No link to ${pathname} in:\n${text}`);
  return `${found.pathname}${found.search}`;
}

/** The staff CLI (`npm run portal -- impersonate`), against the running e2e server's database. */
export async function impersonationPath(email: string, by: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'portal', '--', 'impersonate', email, '--by', by], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv },
    timeout: 60_000,
  });
  return linkIn(stdout, '/apps');
}
