import type { ASSET_STATUSES, ASSET_TYPES } from '@portal/contract';
import { assets, credentials, vendors } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount } from './context.js';

type AssetSeed = [
  name: string,
  type: (typeof ASSET_TYPES)[number],
  status: (typeof ASSET_STATUSES)[number],
  vendor: string,
  model: string,
  location: string,
  assignedTo: string | null,
  /** purchase: days ago; warranty: years of cover, or null when none is recorded */
  purchasedDaysAgo: number,
  warrantyYears: number | null,
];

/** Every asset type and every status appears. The first five are the Overview's "Recent Assets". */
const ACME_ASSETS: AssetSeed[] = [
  ['Dispatch Laptop – Grace Liu', 'laptop', 'active', 'Lenovo', 'ThinkPad T14 Gen 4', 'Boston HQ – Dispatch', 'Grace Liu', 55, 3],
  ['Call Center Phones (Chicago)', 'other', 'inactive', 'Yealink', 'T54W (8 units, awaiting install)', 'Chicago Warehouse – Receiving', null, 5, 1],
  ['Driver Tablet 04', 'mobile', 'maintenance', 'Samsung', 'Galaxy Tab Active4 Pro', 'Chicago Warehouse – Dock 1', 'Tom Fischer', 210, 2],
  ['WH-DC01', 'server', 'active', 'Dell', 'PowerEdge R650', 'Boston HQ – Server Room', null, 720, 5],
  ['Edge Firewall', 'network', 'active', 'Fortinet', 'FortiGate 60F', 'Boston HQ – Server Room', null, 400, 3],
  ['FS-02 File Server', 'server', 'maintenance', 'HPE', 'ProLiant DL380 Gen10', 'Boston HQ – Server Room', null, 1400, 5],
  ['Old Exchange Server', 'server', 'retired', 'Dell', 'PowerEdge R720', 'Storage – Basement', null, 3100, 3],
  ['Alice Morgan – Laptop', 'laptop', 'active', 'Lenovo', 'ThinkPad X1 Carbon Gen 11', 'Boston HQ – 2nd floor', 'Alice Morgan', 300, 3],
  ['Bill Carter – Laptop', 'laptop', 'active', 'Dell', 'Latitude 7440', 'Boston HQ – Finance', 'Bill Carter', 280, 3],
  ['Tess Nguyen – MacBook', 'laptop', 'active', 'Apple', 'MacBook Pro 14" M3', 'Remote – Portland, OR', 'Tess Nguyen', 260, 1],
  ['Loaner Laptop 1', 'laptop', 'inactive', 'HP', 'EliteBook 840 G8', 'Boston HQ – IT closet', null, 1100, 3],
  ['Reception Desktop', 'desktop', 'active', 'Dell', 'OptiPlex 7010', 'Boston HQ – Reception', 'Hannah Brooks', 500, 3],
  ['Dispatch Desktop 2', 'desktop', 'maintenance', 'HP', 'ProDesk 600 G6', 'Boston HQ – Dispatch', 'Uma Patel', 900, 3],
  ['Warehouse Kiosk PC', 'desktop', 'active', 'Lenovo', 'ThinkCentre M70q Gen 3', 'Chicago Warehouse – Dock 2', null, 420, 3],
  ['Old Accounting PC', 'desktop', 'retired', 'Dell', 'OptiPlex 7050', 'Storage – Basement', null, 2400, null],
  ['Core Switch', 'network', 'active', 'Cisco', 'Catalyst 9300-48P', 'Boston HQ – Server Room', null, 700, 5],
  ['Warehouse Wi-Fi AP 3', 'network', 'maintenance', 'Ubiquiti', 'U6-Pro', 'Chicago Warehouse – Dock 3', null, 380, 1],
  ['Legacy Router', 'network', 'inactive', 'Cisco', 'ISR 4331', 'Boston HQ – IT closet', null, 2000, null],
  ['Dispatch iPhone 1', 'mobile', 'active', 'Apple', 'iPhone 15', 'Boston HQ – Dispatch', 'Olivia Chen', 320, 1],
  ['Scanner Handheld 07', 'mobile', 'retired', 'Zebra', 'TC52', 'Storage – Basement', null, 1600, null],
  ['Label Printer – Dock 2', 'other', 'active', 'Zebra', 'ZT411', 'Chicago Warehouse – Dock 2', null, 640, 2],
  ['UPS – Server Room', 'other', 'active', 'APC', 'Smart-UPS SRT 3000VA', 'Boston HQ – Server Room', null, 820, 3],
];

const GLOBEX_ASSETS: AssetSeed[] = [
  ['web-02', 'server', 'active', 'Supermicro', 'SYS-1029P', 'ITP Data Centre – Rack 14', null, 400, 3],
  ['Gina Rossi – Laptop', 'laptop', 'active', 'Apple', 'MacBook Air 13" M2', 'Seattle office', 'Gina Rossi', 380, 1],
  ['Office Switch', 'network', 'maintenance', 'Netgear', 'GS728TP', 'Seattle office', null, 900, null],
];

type VendorSeed = { name: string; contactPerson: string; email: string; phone: string; website: string | null };

const ACME_VENDORS: VendorSeed[] = [
  { name: 'Dell Technologies', contactPerson: 'Karen Ortiz', email: 'karen.ortiz@dell.example', phone: '+1 (800) 555-0131', website: 'https://www.dell.com' },
  { name: 'Lenovo', contactPerson: 'Raj Mehta', email: 'rmehta@lenovo.example', phone: '+1 (855) 555-0148', website: 'https://www.lenovo.com' },
  { name: 'Fortinet', contactPerson: 'Elise Martin', email: 'emartin@fortinet.example', phone: '+1 (408) 555-0172', website: 'https://www.fortinet.com' },
  {
    name: 'Zebra Technologies',
    contactPerson: 'Paul Schneider',
    email: 'pschneider@zebra.example',
    phone: '+1 (847) 555-0190',
    website: 'https://www.zebra.com',
  },
  { name: 'CDW', contactPerson: 'Megan Walsh', email: 'megan.walsh@cdw.example', phone: '+1 (312) 555-0115', website: 'https://www.cdw.com' },
  { name: 'Harbor Cabling & Electric', contactPerson: 'Luis Romero', email: 'luis@harborcabling.example', phone: '+1 (617) 555-0163', website: null },
];

const GLOBEX_VENDORS: VendorSeed[] = [
  { name: 'Supermicro', contactPerson: 'Ivy Zhang', email: 'ivy.zhang@supermicro.example', phone: '+1 (408) 555-0104', website: 'https://www.supermicro.com' },
  { name: 'Netgear', contactPerson: 'Owen Burke', email: 'oburke@netgear.example', phone: '+1 (408) 555-0126', website: null },
];

interface CredentialSeed {
  serviceName: string;
  category: string;
  username: string | null;
  hidden?: boolean;
  website: string | null;
  notes: string | null;
  /** days from now; negative is in the past */
  expiresInDays: number | null;
  updatedDaysAgo: number;
}

/** One credential's password was hidden by an administrator (the API returns it as null). */
const ACME_CREDENTIALS: CredentialSeed[] = [
  {
    serviceName: 'Microsoft 365 Admin Center',
    category: 'Cloud',
    username: 'admin@acmelogistics.onmicrosoft.com',
    website: 'https://admin.microsoft.com',
    notes: 'Break-glass global admin. MFA token is in the safe.',
    expiresInDays: null,
    updatedDaysAgo: 40,
  },
  {
    serviceName: 'Domain Administrator',
    category: 'Server',
    username: 'ACME\\itadmin',
    hidden: true,
    website: null,
    notes: 'Hidden by an administrator; ask ITP support for a reset.',
    expiresInDays: 75,
    updatedDaysAgo: 15,
  },
  {
    serviceName: 'FortiGate Firewall',
    category: 'Network',
    username: 'admin',
    website: 'https://fw.acme-logistics.example',
    notes: 'Management only from the IT VLAN.',
    expiresInDays: null,
    updatedDaysAgo: 120,
  },
  {
    serviceName: 'Warehouse Wi-Fi (WPA2)',
    category: 'Network',
    username: null,
    website: null,
    notes: 'SSID ACME-WH. Rotate every quarter.',
    expiresInDays: 20,
    updatedDaysAgo: 70,
  },
  {
    serviceName: 'QuickBooks Online',
    category: 'Finance',
    username: 'bill.billing@acme.example',
    website: 'https://qbo.intuit.com',
    notes: null,
    expiresInDays: null,
    updatedDaysAgo: 200,
  },
  {
    serviceName: 'FedEx Ship Manager',
    category: 'Logistics',
    username: 'acmelogistics-ship',
    website: 'https://www.fedex.com',
    notes: 'Shared by the shipping office.',
    expiresInDays: null,
    updatedDaysAgo: 95,
  },
  {
    serviceName: 'Veeam Backup Console',
    category: 'Server',
    username: 'veeam-admin',
    website: 'https://backup.acme-logistics.example:9443',
    notes: null,
    expiresInDays: 180,
    updatedDaysAgo: 30,
  },
  {
    serviceName: 'Domain Registrar (acme-logistics.example)',
    category: 'Web',
    username: 'acme-dns',
    website: 'https://registrar.example',
    notes: 'Auto-renew is on; card on file is the company visa.',
    expiresInDays: -10,
    updatedDaysAgo: 400,
  },
];

const GLOBEX_CREDENTIALS: CredentialSeed[] = [
  {
    serviceName: 'web-02 root',
    category: 'Server',
    username: 'root',
    website: null,
    notes: 'SSH keys preferred; password for console only.',
    expiresInDays: null,
    updatedDaysAgo: 60,
  },
  {
    serviceName: 'Cloudflare',
    category: 'Web',
    username: 'ops@globex.example',
    website: 'https://dash.cloudflare.com',
    notes: null,
    expiresInDays: null,
    updatedDaysAgo: 12,
  },
];

export interface SeededInventory {
  assetCount: number;
  vendorCount: number;
  credentialCount: number;
}

export async function seedInventory(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<SeededInventory> {
  const random = ctx.randomFor('inventory');
  const { clock } = ctx;

  const assetRows = [...ACME_ASSETS.map((asset) => ({ asset, accountId: acme.id })), ...GLOBEX_ASSETS.map((asset) => ({ asset, accountId: globex.id }))].map(
    ({ asset, accountId }, index) => {
      const [name, type, status, vendor, model, location, assignedTo, purchasedDaysAgo, warrantyYears] = asset;
      return {
        accountId,
        name,
        type,
        status,
        vendor,
        model,
        serialNumber: `${vendor.slice(0, 3).toUpperCase()}${random.token(9).toUpperCase()}`,
        location,
        assignedTo,
        purchaseDate: clock.dateDaysAgo(purchasedDaysAgo),
        warrantyExpires: warrantyYears === null ? null : clock.dateDaysAgo(purchasedDaysAgo - Math.round(warrantyYears * 365.25)),
        // Newest first in the list: the order above, one hour apart.
        createdAt: clock.hoursAgo(24 + index),
      };
    },
  );
  await ctx.tx.insert(assets).values(assetRows);

  const vendorRows = [
    ...ACME_VENDORS.map((vendor) => ({ ...vendor, accountId: acme.id })),
    ...GLOBEX_VENDORS.map((vendor) => ({ ...vendor, accountId: globex.id })),
  ];
  await ctx.tx.insert(vendors).values(vendorRows);

  const credentialRows = [
    ...ACME_CREDENTIALS.map((credential) => ({ credential, accountId: acme.id })),
    ...GLOBEX_CREDENTIALS.map((credential) => ({ credential, accountId: globex.id })),
  ].map(({ credential, accountId }) => {
    const updatedAt = clock.daysAgo(credential.updatedDaysAgo);
    return {
      accountId,
      serviceName: credential.serviceName,
      category: credential.category,
      username: credential.username,
      passwordSealed: ctx.secretBox.seal(demoSecret(random)),
      passwordHidden: credential.hidden ?? false,
      website: credential.website,
      notesSealed: credential.notes === null ? null : ctx.secretBox.seal(credential.notes),
      keyId: ctx.secretBox.id,
      expires: credential.expiresInDays === null ? null : clock.dateDaysAgo(-credential.expiresInDays),
      createdAt: clock.daysAgo(credential.updatedDaysAgo + 30),
      updatedAt,
    };
  });
  await ctx.tx.insert(credentials).values(credentialRows);

  return { assetCount: assetRows.length, vendorCount: vendorRows.length, credentialCount: credentialRows.length };
}

const WORDS = ['Harbor', 'Falcon', 'Copper', 'Maple', 'Summit', 'Orbit', 'Cedar', 'Granite', 'Lantern', 'Willow'];

/** A plausible (fake) password, e.g. 'Falcon-Maple-4821!'. */
function demoSecret(random: ReturnType<SeedContext['randomFor']>): string {
  return `${random.pick(WORDS)}-${random.pick(WORDS)}-${random.digits(4)}${random.pick(['!', '#', '$', '%', '?'])}`;
}
