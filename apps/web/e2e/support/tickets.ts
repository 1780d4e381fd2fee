import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo contacts of the server's seed (apps/server/seed); password of them all. */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const ALICE = { email: 'alice.admin@acme.example', name: 'Alice Morgan' };
export const UMA = { email: 'uma.user@acme.example', name: 'Uma Patel' };

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/apps$/);
}

/** The ticket API as a signed-in contact, for arranging data and for reading what the screen should show. */
export async function ticketApi(request: APIRequestContext, email: string) {
  const login = await request.post('/api/crm/auth/login', { data: { username: email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    async list(query: Record<string, string>) {
      const response = await request.get('/api/crm/nable-tickets', { params: { limit: '100', ...query }, headers });
      expect(response.ok()).toBe(true);
      return (
        (await response.json()) as {
          result: { total_count: number; is_admin_view: boolean; tickets: { id: number; ticket_number: string; subject: string }[] };
        }
      ).result;
    },
    async create(subject: string, description: string) {
      const response = await request.post('/api/crm/nable-tickets', { data: { subject, description, priority: 'low' }, headers });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { result: { id: number; ticket_number: string } }).result;
    },
    respond: (id: number, description: string) => request.post(`/api/crm/nable-tickets/${id}`, { data: { description }, headers }),
  };
}

export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The '{n} total' badge's number. */
export async function totalBadge(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ total$/).textContent();
  return Number.parseInt(text ?? '', 10);
}
