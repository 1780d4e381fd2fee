import type { PROVISION_STATUSES, SERVICE_ITEM_TYPES, SERVICE_STATUSES } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { licenses, products, services, type ServiceMetadata } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount } from './context.js';

type ItemType = (typeof SERVICE_ITEM_TYPES)[number];

/** The provider's catalogue (shared by all accounts). */
const PRODUCTS = [
  { name: 'ITP Voice Business Seat', category: 'Voice', description: 'Hosted PBX seat with extension, voicemail-to-email, mobile and desktop apps.' },
  { name: 'ITP Voice Call Center Seat', category: 'Voice', description: 'Voice seat with call queues, wallboard and call recording (90 days).' },
  { name: 'Virtual Fax Number', category: 'Voice', description: 'A fax number delivered to e-mail, with send-by-portal.' },
  { name: 'PayLink360', category: 'Hosted Service', description: 'Payment links and hosted checkout for invoices and deposits.' },
  {
    name: 'Managed IT Services – Essentials',
    category: 'Hosted Service',
    description: 'Help desk, patching, monitoring and on-site support for workstations and servers.',
  },
  { name: 'Offsite Backup', category: 'Hosted Service', description: 'Encrypted nightly backup of servers and Microsoft 365 to our data centre.' },
  { name: 'Email Archiving', category: 'Hosted Service', description: 'Ten-year journaled archive of all mail with e-discovery search.' },
  { name: 'ITP Cloud Server', category: 'Cloud', description: 'Virtual server in our data centre with daily snapshots.' },
  { name: 'Microsoft 365 Business Premium', category: 'Cloud', description: 'Office apps, Exchange Online, Teams, Intune and Defender for Business.' },
  { name: 'Google Workspace Business Standard', category: 'Cloud', description: 'Gmail, Drive, Meet and Calendar with 2 TB pooled storage per user.' },
  { name: 'G Suite Basic (legacy)', category: 'Cloud', description: 'The legacy G Suite plan; no longer sold.' },
] as const;
type ProductName = (typeof PRODUCTS)[number]['name'];

interface ServiceSeed {
  product: ProductName;
  itemType: ItemType;
  apiId?: string;
  status?: (typeof SERVICE_STATUSES)[number];
  provisionStatus?: (typeof PROVISION_STATUSES)[number];
  prodDescription: string;
  unitPrice: number;
  quantity: number;
  metadata?: ServiceMetadata;
  /** Days before now the service started. */
  since: number;
}

/** Every item type and every status (including provisioning) appears for Acme. */
const ACME_SERVICES: ServiceSeed[] = [
  {
    product: 'ITP Voice Business Seat',
    itemType: 'itp_voice',
    apiId: 'itpv-acme-4f2a91',
    prodDescription: 'Voice seats – Boston head office',
    unitPrice: 24.95,
    quantity: 24,
    metadata: { purchased_users: 24, did: '+16175550100', price_per_did: 1.5 },
    since: 780,
  },
  {
    product: 'ITP Voice Call Center Seat',
    itemType: 'itp_voice',
    apiId: 'itpv-acme-7c0d35',
    provisionStatus: 'pending',
    prodDescription: 'Call center seats – Chicago warehouse (being provisioned)',
    unitPrice: 34.95,
    quantity: 8,
    metadata: { purchased_users: 8, did: '+13125550140', price_per_did: 1.5 },
    since: 3,
  },
  {
    product: 'PayLink360',
    itemType: 'paylink360',
    apiId: 'pl360-acme-2209',
    prodDescription: 'Payment links for freight invoices',
    unitPrice: 49,
    quantity: 1,
    since: 420,
  },
  {
    product: 'Virtual Fax Number',
    itemType: 'itp_vfax_new_number',
    prodDescription: 'Fax line for customs paperwork',
    unitPrice: 9.95,
    quantity: 2,
    metadata: { did: '+16175550199', price_per_did: 1.5 },
    since: 600,
  },
  {
    product: 'ITP Cloud Server',
    itemType: 'itp_cloud',
    apiId: 'vm-acme-tms01',
    prodDescription: 'TMS application server – 4 vCPU / 16 GB / 500 GB',
    unitPrice: 189,
    quantity: 1,
    since: 700,
  },
  {
    product: 'ITP Cloud Server',
    itemType: 'itp_cloud',
    apiId: 'vm-acme-test02',
    status: 'suspended',
    prodDescription: 'Test server – suspended at customer request',
    unitPrice: 79,
    quantity: 1,
    since: 300,
  },
  {
    product: 'Microsoft 365 Business Premium',
    itemType: 'office365',
    prodDescription: 'Microsoft 365 for office staff',
    unitPrice: 22,
    quantity: 20,
    metadata: { purchased_users: 20 },
    since: 760,
  },
  {
    product: 'Microsoft 365 Business Premium',
    itemType: 'office365',
    provisionStatus: 'pending',
    prodDescription: 'Additional Microsoft 365 licenses for new dispatchers',
    unitPrice: 22,
    quantity: 4,
    metadata: { purchased_users: 4 },
    since: 1,
  },
  {
    product: 'Google Workspace Business Standard',
    itemType: 'google_workspace',
    status: 'inactive',
    prodDescription: 'Google Workspace (migrated to Microsoft 365)',
    unitPrice: 14.4,
    quantity: 18,
    metadata: { purchased_users: 18 },
    since: 790,
  },
  {
    product: 'G Suite Basic (legacy)',
    itemType: 'google_apps',
    status: 'inactive',
    prodDescription: 'Legacy G Suite for the warehouse scanners',
    unitPrice: 6,
    quantity: 6,
    since: 795,
  },
  {
    product: 'Managed IT Services – Essentials',
    itemType: 'it_managed_services',
    prodDescription: 'Managed IT – 35 endpoints, 2 servers',
    unitPrice: 1250,
    quantity: 1,
    since: 780,
  },
  { product: 'Offsite Backup', itemType: 'other', prodDescription: 'Offsite backup – 1 TB', unitPrice: 75, quantity: 1, since: 700 },
  {
    product: 'Email Archiving',
    itemType: 'other',
    status: 'suspended',
    prodDescription: 'Email archiving – suspended pending renewal',
    unitPrice: 2.5,
    quantity: 20,
    since: 500,
  },
];

const GLOBEX_SERVICES: ServiceSeed[] = [
  {
    product: 'ITP Cloud Server',
    itemType: 'itp_cloud',
    apiId: 'vm-globex-web02',
    prodDescription: 'Web server web-02 – 8 vCPU / 32 GB',
    unitPrice: 329,
    quantity: 1,
    since: 400,
  },
  {
    product: 'ITP Cloud Server',
    itemType: 'itp_cloud',
    apiId: 'vm-globex-db01',
    prodDescription: 'Database server db-01 – 8 vCPU / 64 GB',
    unitPrice: 459,
    quantity: 1,
    since: 400,
  },
  {
    product: 'Microsoft 365 Business Premium',
    itemType: 'office365',
    prodDescription: 'Microsoft 365 for staff',
    unitPrice: 22,
    quantity: 6,
    metadata: { purchased_users: 6 },
    since: 390,
  },
  {
    product: 'Managed IT Services – Essentials',
    itemType: 'it_managed_services',
    prodDescription: 'Managed IT – 8 endpoints',
    unitPrice: 420,
    quantity: 1,
    since: 390,
  },
];

/** Which contacts hold a seat on which voice service (by the service's api_id). */
const ACME_LICENSES: Record<string, string[]> = {
  'itpv-acme-4f2a91': [
    'alice.admin@acme.example',
    'bill.billing@acme.example',
    'tess.tech@acme.example',
    'uma.user@acme.example',
    'marcus.webb@acme.example',
    'nadia.rahman@acme.example',
    'hannah.brooks@acme.example',
    'grace.liu@acme.example',
  ],
  'itpv-acme-7c0d35': ['tom.fischer@acme.example', 'diego.alvarez@acme.example'],
};

export interface SeededServices {
  productCount: number;
  serviceCount: number;
  licenseCount: number;
}

export async function seedServices(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<SeededServices> {
  // The catalogue may already exist (shared reference data); reuse it by name.
  await ctx.tx
    .insert(products)
    .values([...PRODUCTS])
    .onConflictDoNothing({ target: products.name });
  const catalogue = await ctx.tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      inArray(
        products.name,
        PRODUCTS.map((product) => product.name),
      ),
    );
  const productId = (name: string) => {
    const found = catalogue.find((product) => product.name === name);
    if (!found) throw new Error(`product ${name} missing`);
    return found.id;
  };

  const rows = [
    ...ACME_SERVICES.map((service) => ({ service, accountId: acme.id })),
    ...GLOBEX_SERVICES.map((service) => ({ service, accountId: globex.id })),
  ].map(({ service, accountId }) => ({
    accountId,
    productId: productId(service.product),
    itemType: service.itemType,
    apiId: service.apiId ?? null,
    status: service.status ?? 'active',
    provisionStatus: service.provisionStatus ?? 'provisioned',
    prodDescription: service.prodDescription,
    price: Math.round(service.unitPrice * service.quantity * 100) / 100,
    quantity: service.quantity,
    metadata: service.metadata ?? {},
    createdAt: ctx.clock.daysAgo(service.since),
  }));
  const inserted = await ctx.tx.insert(services).values(rows).returning({ id: services.id, apiId: services.apiId, createdAt: services.createdAt });

  const licenseRows = Object.entries(ACME_LICENSES).flatMap(([apiId, emails]) => {
    const service = inserted.find((row) => row.apiId === apiId);
    if (!service) throw new Error(`service ${apiId} missing`);
    return emails.map((email) => {
      const contact = acme.contact(email);
      const later = Math.max(service.createdAt.getTime(), contact.createdAt.getTime());
      return { accountId: acme.id, contactId: contact.id, serviceId: service.id, createdAt: ctx.clock.plusHours(new Date(later), 2) };
    });
  });
  await ctx.tx.insert(licenses).values(licenseRows);

  return { productCount: PRODUCTS.length, serviceCount: inserted.length, licenseCount: licenseRows.length };
}
