import { accounts, contacts } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount, SeededContact } from './context.js';

export const DEMO_PASSWORD = 'demo-pass-2026';

export interface DemoUser {
  email: string;
  firstname: string;
  lastname: string;
  fullName: string;
  accountName: string;
  adminGroup: boolean;
  billingGroup: boolean;
  technicalGroup: boolean;
  /** e.g. 'admin, billing, technical', or 'no flags'. */
  roles: string;
  /** One line for the start-up banner and the README: 'Alice Morgan, Acme Logistics — admin, billing, technical'. */
  description: string;
}

/** The demo accounts carry the external ids a provider's CRM gave them, so the provider API can address them (docs/provider-integration.md). */
export const ACME = { name: 'Acme Logistics', externalId: 'crm-acme-1001', billingApiId: 'ba_acme_1001', monitoringCustomerName: 'Acme Logistics' } as const;
/** No monitoring-system name: the support-tool download shows the 'configuration_not_found' help. */
export const GLOBEX = { name: 'Globex Hosting', externalId: 'crm-globex-2001', billingApiId: 'ba_globex_2001', monitoringCustomerName: null } as const;

interface ContactSeed {
  firstname: string;
  lastname: string;
  email: string;
  admin?: boolean;
  billing?: boolean;
  technical?: boolean;
  timeZone: string;
  mobile?: string;
  uiColorMode?: 'light' | 'dark' | 'auto';
  /** Days before now that the contact was added. */
  since: number;
}

const ACME_CONTACTS: ContactSeed[] = [
  {
    firstname: 'Alice',
    lastname: 'Morgan',
    email: 'alice.admin@acme.example',
    admin: true,
    billing: true,
    technical: true,
    timeZone: 'US/Eastern',
    mobile: '+1 (617) 555-0142',
    since: 790,
  },
  { firstname: 'Bill', lastname: 'Carter', email: 'bill.billing@acme.example', billing: true, timeZone: 'US/Central', mobile: '+1 (312) 555-0187', since: 760 },
  { firstname: 'Tess', lastname: 'Nguyen', email: 'tess.tech@acme.example', technical: true, timeZone: 'US/Pacific', uiColorMode: 'dark', since: 700 },
  { firstname: 'Uma', lastname: 'Patel', email: 'uma.user@acme.example', timeZone: 'America/New_York', since: 540 },
  {
    firstname: 'Marcus',
    lastname: 'Webb',
    email: 'marcus.webb@acme.example',
    admin: true,
    technical: true,
    timeZone: 'US/Eastern',
    mobile: '+1 (617) 555-0119',
    since: 780,
  },
  { firstname: 'Nadia', lastname: 'Rahman', email: 'nadia.rahman@acme.example', billing: true, timeZone: 'America/Chicago', since: 610 },
  {
    firstname: 'Diego',
    lastname: 'Alvarez',
    email: 'diego.alvarez@acme.example',
    technical: true,
    timeZone: 'US/Mountain',
    mobile: '+1 (303) 555-0164',
    since: 480,
  },
  { firstname: 'Hannah', lastname: 'Brooks', email: 'hannah.brooks@acme.example', timeZone: 'US/Eastern', since: 450 },
  { firstname: 'Kenji', lastname: 'Tanaka', email: 'kenji.tanaka@acme.example', technical: true, timeZone: 'US/Hawaii', since: 400 },
  {
    firstname: 'Olivia',
    lastname: 'Chen',
    email: 'olivia.chen@acme.example',
    timeZone: 'America/Los_Angeles',
    mobile: '+1 (415) 555-0133',
    uiColorMode: 'auto',
    since: 330,
  },
  { firstname: 'Samuel', lastname: 'Okafor', email: 'samuel.okafor@acme.example', billing: true, technical: true, timeZone: 'America/Denver', since: 290 },
  { firstname: 'Rachel', lastname: 'Kim', email: 'rachel.kim@acme.example', timeZone: 'US/Alaska', since: 210 },
  { firstname: 'Tom', lastname: 'Fischer', email: 'tom.fischer@acme.example', timeZone: 'US/Central', mobile: '+1 (312) 555-0178', since: 150 },
  { firstname: 'Grace', lastname: 'Liu', email: 'grace.liu@acme.example', admin: true, timeZone: 'America/New_York', since: 60 },
];

const GLOBEX_CONTACTS: ContactSeed[] = [
  {
    firstname: 'Gina',
    lastname: 'Rossi',
    email: 'gina.admin@globex.example',
    admin: true,
    billing: true,
    timeZone: 'US/Pacific',
    mobile: '+1 (206) 555-0150',
    since: 400,
  },
  { firstname: 'Victor', lastname: 'Hale', email: 'victor.hale@globex.example', technical: true, timeZone: 'US/Pacific', since: 380 },
  { firstname: 'Lena', lastname: 'Park', email: 'lena.park@globex.example', timeZone: 'America/Los_Angeles', since: 120 },
];

/** The five sign-ins of the demo (spec issue): every one uses DEMO_PASSWORD. */
export const DEMO_USERS: readonly DemoUser[] = [
  ...['alice.admin@acme.example', 'bill.billing@acme.example', 'tess.tech@acme.example', 'uma.user@acme.example'].map((email) =>
    demoUser(ACME_CONTACTS, ACME.name, email),
  ),
  demoUser(GLOBEX_CONTACTS, GLOBEX.name, 'gina.admin@globex.example'),
];

function demoUser(list: ContactSeed[], accountName: string, email: string): DemoUser {
  const seed = list.find((contact) => contact.email === email);
  if (!seed) throw new Error(`no demo contact ${email}`);
  const flags = { adminGroup: !!seed.admin, billingGroup: !!seed.billing, technicalGroup: !!seed.technical };
  const roles = [flags.adminGroup && 'admin', flags.billingGroup && 'billing', flags.technicalGroup && 'technical'].filter(Boolean).join(', ');
  const fullName = `${seed.firstname} ${seed.lastname}`;
  return {
    email,
    firstname: seed.firstname,
    lastname: seed.lastname,
    fullName,
    accountName,
    ...flags,
    roles: roles || 'no flags',
    description: `${fullName}, ${accountName} — ${roles || 'no flags (sees only tickets assigned to them)'}`,
  };
}

export async function seedAccounts(ctx: SeedContext, passwordHash: string): Promise<{ acme: SeededAccount; globex: SeededAccount }> {
  const acme = await seedAccount(ctx, ACME, ACME_CONTACTS, passwordHash, 800);
  const globex = await seedAccount(ctx, GLOBEX, GLOBEX_CONTACTS, passwordHash, 420);
  return { acme, globex };
}

async function seedAccount(
  ctx: SeedContext,
  account: { name: string; externalId: string; billingApiId: string; monitoringCustomerName: string | null },
  list: ContactSeed[],
  passwordHash: string,
  since: number,
): Promise<SeededAccount> {
  const [row] = await ctx.tx
    .insert(accounts)
    .values({ ...account, createdAt: ctx.clock.daysAgo(since) })
    .returning({ id: accounts.id });
  if (!row) throw new Error(`could not create account ${account.name}`);

  const inserted = await ctx.tx
    .insert(contacts)
    .values(
      list.map((contact) => {
        const createdAt = ctx.clock.daysAgo(contact.since);
        return {
          accountId: row.id,
          firstname: contact.firstname,
          lastname: contact.lastname,
          email: contact.email,
          mobile: contact.mobile ?? null,
          passwordHash,
          adminGroup: !!contact.admin,
          billingGroup: !!contact.billing,
          technicalGroup: !!contact.technical,
          timeZone: contact.timeZone,
          uiColorMode: contact.uiColorMode ?? 'light',
          passwordChangedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: contacts.id, firstname: contacts.firstname, lastname: contacts.lastname, email: contacts.email, createdAt: contacts.createdAt });

  const seeded: SeededContact[] = inserted.map((contact) => ({ ...contact, fullName: `${contact.firstname} ${contact.lastname}` }));
  return {
    id: row.id,
    name: account.name,
    billingApiId: account.billingApiId,
    contacts: seeded,
    contact(email) {
      const found = seeded.find((contact) => contact.email === email);
      if (!found) throw new Error(`the seed has no contact ${email} in ${account.name}`);
      return found;
    },
  };
}
