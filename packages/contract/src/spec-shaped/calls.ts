/*
 * Every call of docs/product.md §7 once, as the spec writes it: the request with the spec's fields
 * alone, and an answer with exactly the spec's fields (§3) and nothing of this server's additions.
 * One table for three tests: the contract test parses each answer with the endpoint's `accepts`,
 * the web app's component tests draw each screen from these answers, and the server's HTTP test
 * sends each request (docs/decisions/0029). Test data only: nothing in an app imports it.
 */
import type { Endpoint } from '../endpoint.js';
import * as auth from '../endpoints/auth.js';
import * as billing from '../endpoints/billing.js';
import * as inventory from '../endpoints/inventory.js';
import * as profile from '../endpoints/profile.js';
import * as users from '../endpoints/users.js';
import * as services from '../endpoints/services.js';
import * as supportTools from '../endpoints/support-tools.js';
import * as tickets from '../endpoints/tickets.js';

export interface SpecShapedCall {
  endpoint: Endpoint;
  /** The call's line in §7, for failure messages and the docs. */
  spec: string;
  /** Path parameters as examples; a test against a real server puts its own rows' ids in their place. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /**
   * The answer's `result`, with the spec's fields only. `null` where §7 describes no result (the
   * client must not need one); `'file'` where the answer is a download, not JSON.
   */
  answer: unknown;
  /** §7: the ticket calls carry their answer "in result or data"; these examples use `data`. */
  carriedIn?: 'result' | 'data';
}

const ISO = (day: string, time = '14:30:00') => `${day}T${time}Z`;

export const specSignedIn = {
  access_token: 'spec-access-token',
  refresh_token: 'spec-refresh-token',
  pk: 7,
  email: 'dana.admin@spec.example',
  firstname: 'Dana',
  lastname: 'Admin',
  admin_group: true,
  billing_group: true,
  account_id: 3,
  account: { billing_api_id: 'BA-1001', name: 'Spec Logistics' },
  // §3: "The login result also carries technical_group, time_zone, ui_color_mode."
  technical_group: false,
  time_zone: 'US/Eastern',
  ui_color_mode: 'light',
};

const contactNames = [
  ['Dana', 'Admin'],
  ['Eli', 'Billing'],
  ['Fay', 'Tech'],
  ['Gus', 'Plain'],
  ['Hana', 'Ito'],
  ['Ivan', 'Jones'],
  ['Jo', 'Kim'],
  ['Kai', 'Lopez'],
  ['Lea', 'Moss'],
  ['Max', 'Nolan'],
  ['Nia', 'Ortiz'],
  ['Oto', 'Park'],
] as const;

/** Twelve contacts: more than one page of the Users screen (§9: ten a page). */
export const specContacts = contactNames.map(([firstname, lastname], index) => ({
  pk: 7 + index,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@spec.example`,
  mobile: index % 3 === 0 ? '+1 555 010 0' + String(index).padStart(2, '0') : null,
  admin_group: index === 0,
  billing_group: index <= 1,
  technical_group: index === 2,
  time_zone: 'US/Eastern',
  account_id: 3,
}));

const voiceService = {
  pk: 301,
  item_type: 'itp_voice',
  api_id: 'VOICE-301',
  status: 'active',
  provision_status: 'provisioned',
  product: { name: 'Hosted Voice', category: 'Voice', description: 'Cloud phone system' },
  prod_description: 'Hosted Voice — 10 seats',
  price: 249.5,
  quantity: 1,
  date_created: ISO('2025-01-10'),
  metadata: { purchased_users: 10, did: '+15550100', price_per_did: 2.5 },
};

const cloudService = {
  pk: 302,
  item_type: 'itp_cloud',
  api_id: null,
  status: 'active',
  provision_status: 'pending',
  product: { name: 'Cloud Backup', category: 'Cloud', description: null },
  prod_description: null,
  price: 99,
  quantity: 2,
  date_created: ISO('2025-06-01'),
  metadata: {},
};

/** Overdue (days_past_due above 15, so the balance card shows it too), a past-due amount and credits. */
export const specBillingAccount = {
  balance: 1250.5,
  days_past_due: 20,
  past_due_balance: 300,
  credits: 25,
  billing_cycle_month_date: 15,
  payment_method: 'credit_card',
  automatic_payments: false,
  credit_card_info: { first_name: 'Dana', last_name: 'Admin', last_4: '4242', type: 'visa', exp_month: '08', exp_year: '2029' },
};

const specPayment = {
  _id: 'PAY-5001',
  created: ISO('2026-10-02'),
  amount: 420,
  payment_type: 'credit_card',
  last_4_of_credit_card: '4242',
  merchant_api_response: { transaction_id: 'TX-88' },
  payment_status: 'Paid',
  confirmation_number: 'CONF-5001',
  check_number: null,
};

const specOrder = {
  pk: 901,
  name: 'Voice seats upgrade',
  date_created: ISO('2026-09-20'),
  status: 'new_order',
  quote_id: 'Q-77',
  notes: null,
  account_id: 3,
  order_items: [
    {
      pk: 9011,
      prod_description: 'Hosted Voice seat',
      quantity: 5,
      purchase_type: 'upgrade',
      price: 125,
      price_per_unit: 25,
      provision_status: 'pending',
      activation_date: null,
      completed: false,
      auto_provision: true,
      taxable: true,
      tax_percent: 7.5,
      account_service_snapshot: { quantity: 10, price: 249.5, status: 'active' },
      metadata: { seats: 5 },
    },
  ],
};

/** The spec gives an asset's id no type: these are strings. */
export const specAssets = [
  {
    id: 'AST-1',
    name: 'Front desk PC',
    type: 'desktop',
    status: 'active',
    vendor: 'Dell',
    model: 'OptiPlex 7010',
    serial_number: 'SN-0001',
    location: 'Reception',
    assigned_to: null,
    purchase_date: '2024-03-15',
    warranty_expires: null,
  },
  {
    id: 'AST-2',
    name: 'Core switch',
    type: 'network',
    status: 'maintenance',
    vendor: 'Cisco',
    model: 'C9200',
    serial_number: 'SN-0002',
    location: 'Server room',
    assigned_to: 'Fay Tech',
    purchase_date: '2023-11-01',
    warranty_expires: '2026-11-01',
  },
];

const specVendors = [
  { id: 'VEN-1', name: 'Dell', contact_person: 'Pat Sales', email: 'pat@dell.example', phone: '+1 555 0100', website: 'https://dell.example' },
  { id: 'VEN-2', name: 'Cisco', contact_person: null, email: null, phone: null, website: null },
];

/**
 * A password as the spec's answer carries it, one hidden by an administrator (null), and expiries
 * as a timestamp and as none ("Never").
 */
export const specCredentials = [
  {
    id: 'CRED-1',
    service_name: 'Router admin',
    category: 'Network',
    username: 'admin',
    password: 'S3cret-Router!',
    website: 'https://router.spec.example',
    last_updated: ISO('2026-10-01'),
    expires: ISO('2027-01-31', '00:00:00'),
  },
  {
    id: 'CRED-2',
    service_name: 'Payroll portal',
    category: null,
    username: 'payroll@spec.example',
    password: null,
    website: null,
    last_updated: ISO('2026-09-12'),
    expires: null,
  },
];

const specConversation = [
  {
    id: 5002,
    created_by: 'Sam Tech',
    from_address: 'sam@itpartners.example',
    created_date: ISO('2026-11-02', '16:00:00'),
    updated_date: ISO('2026-11-02', '16:00:00'),
    content: '<p>We have replaced the toner.</p>',
    is_internal: false,
  },
  {
    id: 5001,
    created_by: 'Dana Admin (Customer Portal)',
    from_address: 'dana.admin@spec.example',
    created_date: ISO('2026-11-02', '09:00:00'),
    updated_date: ISO('2026-11-02', '09:00:00'),
    content: 'The printer shows error 49.',
    is_internal: false,
  },
];

const specTicketFields = {
  id: 4001,
  ticket_number: 'T-4001',
  subject: 'Printer on floor 2 shows error 49',
  status: 'In Progress',
  priority: 'high',
  description: 'The printer shows error 49 since this morning.',
  created_date: ISO('2026-11-02', '09:00:00'),
  last_modified_date: ISO('2026-11-02', '16:00:00'),
  due_date: null,
  is_billable: true,
  is_taxable: false,
  time_rounded: 1.5,
};

export const specSupportTool = {
  id: 1,
  name: 'Remote Monitoring Agent',
  description: 'Monitors your computers and reports to our team.',
  type: 'rmm_agent',
  platforms: ['windows', 'mac', 'linux'],
  requires_custom_build: true,
  one_time_use: false,
  file_size: '12 MB',
  documentation: null,
};

/** A short, valid PDF, base64: what GET /crm/accounts/statements/{id} answers (§7). */
const MINIMAL_PDF_BASE64 =
  'JVBERi0xLjQKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFI+PgplbmRvYmoKMiAwIG9iago8PC9UeXBlL1BhZ2VzL0tpZHNbMyAwIFJdL0NvdW50IDE+PgplbmRvYmoKMyAwIG9iago8PC9UeXBlL1BhZ2UvUGFyZW50IDIgMCBSL01lZGlhQm94WzAgMCA2MTIgNzkyXT4+CmVuZG9iagp0cmFpbGVyCjw8L1Jvb3QgMSAwIFI+PgolJUVPRgo=';

/** Every call of §7, by the contract's name for it. */
export const specShapedCalls = {
  // Auth
  login: {
    endpoint: auth.login,
    spec: 'POST /crm/auth/login {username, password}',
    body: { username: specSignedIn.email, password: 'correct horse' },
    answer: specSignedIn,
  },
  refresh: { endpoint: auth.refresh, spec: 'GET /crm/auth/refresh', answer: specSignedIn },
  requestPasswordReset: {
    endpoint: auth.requestPasswordReset,
    spec: 'GET /crm/auth/reset-pw?username={email}',
    query: { username: specSignedIn.email },
    answer: null,
  },
  requestPasswordResetPost: {
    endpoint: auth.requestPasswordResetPost,
    spec: 'POST /crm/auth/reset-pw {email}',
    body: { email: specSignedIn.email },
    answer: null,
  },
  changePasswordWithResetToken: {
    endpoint: auth.changePasswordWithResetToken,
    spec: 'PATCH /crm/myprofile {password}',
    body: { password: 'a-new-password-2026' },
    answer: null,
  },

  // Profile, contacts, licenses
  updateMyProfile: {
    endpoint: profile.updateMyProfile,
    spec: 'PATCH /portal/my-profile {firstname, lastname, email, timezone}',
    body: { firstname: 'Dana', lastname: 'Admin-Smith', email: specSignedIn.email, timezone: 'US/Central' },
    answer: null,
  },
  listContacts: { endpoint: users.listContacts, spec: 'GET /crm/contacts', answer: specContacts },
  createContact: {
    endpoint: users.createContact,
    spec: 'POST /crm/contacts {user}',
    body: { user: { firstname: 'Pia', lastname: 'Quinn', email: 'pia.quinn@spec.example', mobile: '', time_zone: 'US/Eastern', account_id: 1 } },
    answer: { pk: 42 },
  },
  updateContact: {
    endpoint: users.updateContact,
    spec: 'PATCH /crm/contacts/{id}',
    params: { id: 8 },
    body: { firstname: 'Eli', lastname: 'Billing-Jones', email: 'eli.billing@spec.example', mobile: '', time_zone: 'US/Central' },
    answer: null,
  },
  deleteContact: { endpoint: users.deleteContact, spec: 'DELETE /crm/contacts/{id}', params: { id: 8 }, answer: null },
  listLicenses: { endpoint: users.listLicenses, spec: 'GET /crm/contacts/{id}/licenses', params: { id: 7 }, answer: [{ pk: 71, service_id: 301 }] },
  addLicense: {
    endpoint: users.addLicense,
    spec: 'POST /crm/contacts/{id}/licenses {service_id}',
    params: { id: 8 },
    body: { service_id: 301 },
    answer: null,
  },
  removeLicense: { endpoint: users.removeLicense, spec: 'DELETE /crm/contacts/{id}/licenses/{licenseId}', params: { id: 7, licenseId: 71 }, answer: null },

  // Services
  listServices: { endpoint: services.listServices, spec: 'GET /crm/services', answer: [voiceService, cloudService] },
  listTimezones: {
    endpoint: services.listTimezones,
    spec: 'GET /crm/misc/timezones',
    answer: ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'UTC'],
  },

  // Billing: the account is addressed by the signed-in user's account.billing_api_id
  getBillingAccount: { endpoint: billing.getBillingAccount, spec: 'GET /billing/account/{id}', params: { id: 'BA-1001' }, answer: specBillingAccount },
  listPayments: { endpoint: billing.listPayments, spec: 'GET /billing/account/{id}/payments', params: { id: 'BA-1001' }, answer: [specPayment] },
  listStatements: {
    endpoint: billing.listStatements,
    spec: 'GET /billing/account/{id}/statements',
    params: { id: 'BA-1001' },
    answer: [
      { _id: 'ST-2026-11', created: ISO('2026-11-01', '00:00:00') },
      { _id: 'ST-2026-10', created: ISO('2026-10-01', '00:00:00') },
    ],
  },
  getStatementPdf: { endpoint: billing.getStatementPdf, spec: 'GET /crm/accounts/statements/{id}', params: { id: 'ST-2026-11' }, answer: MINIMAL_PDF_BASE64 },
  payWithNewCard: {
    endpoint: billing.payWithNewCard,
    spec: 'POST /billing/account/{id}/payments/creditcard {payment}',
    params: { id: 'BA-1001' },
    body: {
      payment: {
        amount: 300,
        cc_first_name: 'Dana',
        cc_last_name: 'Admin',
        cc_num: '4242424242424242',
        cc_exp_month: '08',
        cc_exp_year: '2030',
        cc_type: 'visa',
      },
    },
    answer: null,
  },
  payWithStoredCard: {
    endpoint: billing.payWithStoredCard,
    spec: 'POST /billing/account/{id}/payments/creditcard-onfile {amount}',
    params: { id: 'BA-1001' },
    body: { amount: 300 },
    answer: null,
  },
  setAutoPay: {
    endpoint: billing.updateBillingAccount,
    spec: 'PATCH /billing/account/{id} {automatic_payments}',
    params: { id: 'BA-1001' },
    body: { automatic_payments: true },
    answer: null,
  },
  storeCard: {
    endpoint: billing.updateBillingAccount,
    spec: 'PATCH /billing/account/{id} {credit_card_info}',
    params: { id: 'BA-1001' },
    body: { credit_card_info: { first_name: 'Dana', last_name: 'Admin', number: '4242424242424242', exp_month: '08', exp_year: '2030', type: 'visa' } },
    answer: null,
  },
  removeStoredCard: { endpoint: billing.removeStoredCard, spec: 'DELETE /billing/account/{id}/payments/creditcard', params: { id: 'BA-1001' }, answer: null },
  removeStoredCardFallback: {
    endpoint: billing.updateBillingAccount,
    spec: 'PATCH /billing/account/{id} {automatic_payments: false, credit_card_info: {}} (the fallback of the DELETE)',
    params: { id: 'BA-1001' },
    body: { automatic_payments: false, credit_card_info: {} },
    answer: null,
  },
  listOrders: { endpoint: billing.listOrders, spec: 'GET /crm/orders', answer: [specOrder] },
  getOrder: { endpoint: billing.getOrder, spec: 'GET /crm/orders/{id}', params: { id: 901 }, answer: specOrder },

  // Assets, vendors, credentials
  listAssets: { endpoint: inventory.listAssets, spec: 'GET /crm/assets', answer: specAssets },
  getAsset: { endpoint: inventory.getAsset, spec: 'GET /crm/assets/{id}', params: { id: 'AST-1' }, answer: specAssets[0] },
  listVendors: { endpoint: inventory.listVendors, spec: 'GET /crm/vendors', answer: specVendors },
  listCredentials: { endpoint: inventory.listCredentials, spec: 'GET /crm/credentials', answer: specCredentials },
  createCredential: {
    endpoint: inventory.createCredential,
    spec: 'POST /crm/credentials {title, username, password, url, notes}',
    body: { title: 'Wi-Fi guest', username: 'guest', password: 'welcome-2026', url: 'https://wifi.spec.example', notes: 'Rotated monthly' },
    answer: {
      id: 'CRED-3',
      service_name: 'Wi-Fi guest',
      category: null,
      username: 'guest',
      password: 'welcome-2026',
      website: 'https://wifi.spec.example',
      last_updated: ISO('2026-11-20'),
      expires: null,
    },
  },

  // Tickets: "result or data"
  listTickets: {
    endpoint: tickets.listTickets,
    spec: 'GET /crm/nable-tickets?limit=100&search=&status=&sort=',
    query: { limit: 100, search: 'printer', status: 'active', sort: 'newest' },
    answer: { tickets: [specTicketFields], total_count: 1, is_admin_view: true },
    carriedIn: 'data',
  },
  getTicket: {
    endpoint: tickets.getTicket,
    spec: 'GET /crm/nable-tickets/{id}',
    params: { id: 4001 },
    answer: { ...specTicketFields, conversation: specConversation },
    carriedIn: 'data',
  },
  respondToTicket: {
    endpoint: tickets.respondToTicket,
    spec: 'POST /crm/nable-tickets/{id} {description}',
    params: { id: 4001 },
    body: { description: 'Thanks, it prints again.' },
    answer: null,
  },

  // Support tools
  listSupportTools: { endpoint: supportTools.listSupportTools, spec: 'GET /crm/support-tools', answer: [specSupportTool] },
  generateToolLink: {
    endpoint: supportTools.generateToolLink,
    spec: 'POST /crm/support-tools/generate-link {tool_id, valid_hours}',
    body: { tool_id: 1, valid_hours: 24 },
    answer: { url: 'https://portal.spec.example/dl/abc', expires_at: ISO('2026-11-21'), token: 'dl-token-abc' },
  },
  buildTool: {
    endpoint: supportTools.generateToolLink,
    spec: 'POST /crm/support-tools/generate-link {tool_id, os_type}',
    body: { tool_id: 1, os_type: 'windows' },
    answer: 'file',
  },
  recordToolDownload: {
    endpoint: supportTools.recordToolDownload,
    spec: 'POST /crm/support-tools/download {tool_id, download_token}',
    body: { tool_id: 1, download_token: 'direct-download' },
    answer: null,
  },
  listToolDownloads: { endpoint: supportTools.listToolDownloads, spec: 'GET /crm/support-tools/download-history', answer: [] },
} satisfies Record<string, SpecShapedCall>;

export type SpecShapedCallName = keyof typeof specShapedCalls;
