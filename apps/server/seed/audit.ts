import { auditLog } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount, SeededContact } from './context.js';

const BROWSERS = ['Chrome 142 on Windows 11', 'Safari 19 on macOS', 'Edge 142 on Windows 11', 'Safari on iPhone (iOS 19)', 'Firefox 145 on Ubuntu'];
const OFFICE_ADDRESSES = ['198.51.100.24', '198.51.100.31', '198.51.100.47'];

/**
 * Two weeks of Acme's audit log, and a few days of Globex's, so the Audit log screen shows what it is for: daily
 * sign-ins, a failed one from an unknown address, a user's roles changed, a password revealed, a payment, downloads,
 * a support sign-in by the provider. Written as the audit consumer writes entries (no event id: the demo's history).
 */
export async function seedAuditLog(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<number> {
  const random = ctx.randomFor('audit');
  const { clock } = ctx;
  type Entry = typeof auditLog.$inferInsert;
  const entries: Entry[] = [];
  const by = (contact: SeededContact, at: Date, action: string, extra: Partial<Entry> = {}): Entry => ({
    accountId: acme.id,
    contactId: contact.id,
    actor: contact.email,
    action,
    outcome: 'success',
    ip: random.pick(OFFICE_ADDRESSES),
    userAgent: random.pick(BROWSERS),
    createdAt: at,
    ...extra,
  });
  const [alice, bill, tess, uma] = ['alice.admin@acme.example', 'bill.billing@acme.example', 'tess.tech@acme.example', 'uma.user@acme.example'].map(
    acme.contact,
  );

  for (let day = 14; day >= 1; day -= 1) {
    for (const contact of [alice!, bill!, tess!, uma!]) {
      if (random.chance(0.7)) entries.push(by(contact, clock.plusHours(clock.daysAgo(day), random.int(0, 9)), 'auth.login'));
    }
  }
  entries.push(
    by(uma!, clock.plusHours(clock.daysAgo(9), 3), 'auth.login', { outcome: 'failure', ip: '203.0.113.77', details: { reason: 'wrong_password' } }),
    by(uma!, clock.plusHours(clock.daysAgo(9), 3.1), 'auth.login', { outcome: 'failure', ip: '203.0.113.77', details: { reason: 'wrong_password' } }),
    by(alice!, clock.plusHours(clock.daysAgo(8), 2), 'users.updated', { contactId: tess!.id, details: { by: alice!.id, changed: ['technical_group'] } }),
    by(alice!, clock.plusHours(clock.daysAgo(6), 5), 'vault.password_unhidden', { details: { by: alice!.id, credential: 'Core switch (admin)' } }),
    by(bill!, clock.plusHours(clock.daysAgo(5), 1), 'billing.statement_downloaded', { details: { by: bill!.id } }),
    by(bill!, clock.plusHours(clock.daysAgo(5), 1.2), 'billing.payment', { details: { by: bill!.id, amount: 1249.5, card: 'Visa ending 4242' } }),
    by(tess!, clock.plusHours(clock.daysAgo(4), 6), 'support_tools.download_recorded', { details: { by: tess!.id, tool: 'RMM agent for Windows' } }),
    by(alice!, clock.plusHours(clock.daysAgo(3), 4), 'users.invitation_sent', { contactId: uma!.id, details: { by: alice!.id } }),
    {
      accountId: acme.id,
      contactId: alice!.id,
      actor: `Priya (${ctx.providerDomain} support)`,
      action: 'auth.impersonation_login',
      outcome: 'success',
      ip: '192.0.2.10',
      userAgent: 'Chrome 142 on macOS',
      createdAt: clock.plusHours(clock.daysAgo(2), 7),
      details: { reason: 'Ticket: voicemail greetings' },
    },
  );
  const gina = globex.contact('gina.admin@globex.example');
  for (let day = 3; day >= 1; day -= 1) entries.push({ ...by(gina, clock.daysAgo(day), 'auth.login'), accountId: globex.id });
  await ctx.tx.insert(auditLog).values(entries);
  return entries.length;
}
