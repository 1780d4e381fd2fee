import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type EndpointName, type ProviderEndpointName } from '@portal/contract';
import type { Database } from '../src/db/client.js';
import {
  assets,
  billingAccounts,
  credentials,
  identityProviderDomains,
  identityProviders,
  licenses,
  notifications,
  orders,
  passkeys,
  payments,
  statements,
  supportTools,
  totpAuthenticators,
  webhookDeliveries,
} from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, recordEvent } from '../src/modules/webhooks/webhook-events.repository.js';
import { createWebhooksService } from '../src/modules/webhooks/webhooks.service.js';
import { createVaultKeyRing, type VaultKeyRing } from '../src/platform/secret-box.js';
import { Secret, TOTP } from 'otpauth';
import { createAttachment, fileUpload, PNG_1PX } from './attachments.js';
import { TEST_PASSWORD, createAccount, createContact, createService, createTicket, createTicketEntry } from './factories.js';
import { startSession } from '../src/modules/auth/sessions.repository.js';
import { insertChallenge } from '../src/modules/auth/passkeys.repository.js';
import { createSoftPasskey } from './passkey-authenticator.js';

/**
 * One row per endpoint of the contract, for the authorization matrix (authorization-matrix.test.ts).
 * A row says how a permitted caller makes a valid request, and whether that request names an
 * object of the account (so that an admin of another account must get 404) or only reads or
 * writes the caller's own account. A new endpoint without a row fails the matrix.
 */
export interface MatrixContext {
  db: Database;
  /** The account whose objects the request names: the caller's own, or account A for the other account's admin. */
  accountId: number;
  /** That account's billing id (the path of the billing calls). */
  billingId: string;
  /** That account's voice service (licenses). */
  voiceServiceId: number;
  /** The signed-in caller, when there is one. */
  caller?: { contactId: number; email: string; accountId: number };
  /** A contact of `accountId` who is assigned the ticket objects (the caller where it is of that account). */
  assigneeId: number;
  /** The app's vault key ring: a row that needs a TOTP secret it knows seals it as the app does. */
  vault: VaultKeyRing;
}

export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Headers the request needs besides the bearer token (a payment's Idempotency-Key). */
  headers?: Record<string, string>;
}

export type MatrixRow =
  | {
      /** Signed-in endpoints: does the request name an object of `accountId`? */
      scope: 'object' | 'own-account';
      request(context: MatrixContext): Promise<MatrixRequest> | MatrixRequest;
    }
  | {
      /** Public, refresh- and reset-token endpoints: the status every caller gets for this request. */
      scope: 'public';
      status: number;
      /** The request ends the session whose token it carries (sign-out): the matrix runs it last. */
      endsSession?: boolean;
      request(context: MatrixContext): Promise<MatrixRequest> | MatrixRequest;
    };

const unique = () => randomBytes(4).toString('hex');

/**
 * Gives the caller an authenticator whose secret the row knows (unconfirmed, or confirmed with no code taken yet) and
 * answers a current code of it: the TOTP rows' requests are then valid for every caller, whatever ran before.
 */
async function callerTotpCode(c: MatrixContext, confirmed: boolean, contactId = c.caller?.contactId ?? c.assigneeId): Promise<string> {
  const secret = new Secret({ size: 20 });
  const row = {
    contactId,
    secretSealed: c.vault.current.seal(secret.base32),
    secretKeyId: c.vault.current.id,
    confirmedAt: confirmed ? new Date() : null,
    lastUsedStep: null,
  };
  await c.db.insert(totpAuthenticators).values(row).onConflictDoUpdate({ target: totpAuthenticators.contactId, set: row });
  return new TOTP({ secret }).generate();
}
/** The test app's relying party (its PUBLIC_URL), for a software passkey's answers. */
const MATRIX_RP = { origin: 'http://portal.test', rpId: 'portal.test' };

/** A registration ceremony of the caller, begun with a challenge the row knows, answered by a new software passkey. */
async function passkeyRegistration(c: MatrixContext) {
  const token = `matrix-${unique()}${unique()}`;
  const challenge = `challenge-${unique()}`;
  const contactId = c.caller?.contactId ?? c.assigneeId;
  await insertChallenge(c.db, { token, purpose: 'registration', contactId, challenge, expiresAt: new Date(Date.now() + 60_000) });
  return { token, name: 'Matrix key', credential: createSoftPasskey(MATRIX_RP).register({ challenge }) };
}

/** A passkey row of the caller, to rename or remove. */
async function callerPasskey(c: MatrixContext): Promise<number> {
  const [row] = await c.db
    .insert(passkeys)
    .values({
      contactId: c.caller?.contactId ?? c.assigneeId,
      credentialId: `matrix-${unique()}`,
      publicKey: 'AA',
      deviceType: 'singleDevice',
      name: 'Matrix key',
    })
    .returning({ id: passkeys.id });
  return row!.id;
}

/** A fresh key each time, so each permitted caller's payment is a payment of its own. */
const paymentHeaders = () => ({ 'idempotency-key': `matrix-${randomBytes(8).toString('hex')}` });

const newContact = (c: MatrixContext) => createContact(c.db, { accountId: c.accountId });
const ticketOf = (c: MatrixContext) => createTicket(c.db, { accountId: c.accountId, assignedContactId: c.assigneeId });

async function newLicense(c: MatrixContext) {
  const contact = await newContact(c);
  const [license] = await c.db.insert(licenses).values({ accountId: c.accountId, contactId: contact.id, serviceId: c.voiceServiceId }).returning();
  return { contactId: contact.id, licenseId: license!.id };
}

/** A notification of the contact the context's objects belong to (the caller, in their own account). */
async function newNotification(c: MatrixContext) {
  const [row] = await c.db
    .insert(notifications)
    .values({
      accountId: c.accountId,
      contactId: c.assigneeId,
      eventId: `evt_matrix_${unique()}`,
      category: 'tickets',
      kind: 'ticket.reply',
      title: 'New reply',
      link: '/tickets/1',
    })
    .returning();
  return row!.id;
}

async function newPaidPayment(c: MatrixContext) {
  const id = `pay_matrix_${unique()}`;
  await c.db.insert(payments).values({
    id,
    accountId: c.accountId,
    amount: 25,
    paymentType: 'credit_card',
    cardType: 'visa',
    last4: '4242',
    paymentStatus: 'Paid',
    confirmationNumber: 'CNF-00000001',
  });
  return id;
}

async function newStatement(c: MatrixContext) {
  const id = `st_matrix_${unique()}`;
  await c.db.insert(statements).values({ id, accountId: c.accountId, periodStart: '2026-10-01', periodEnd: '2026-10-31', amountDue: 120 });
  return id;
}

/** A credential without secrets (no password or notes to seal), so the matrix needs no vault key. */
async function newCredential(c: MatrixContext) {
  const [row] = await c.db
    .insert(credentials)
    .values({ accountId: c.accountId, serviceName: `Matrix credential ${unique()}` })
    .returning();
  return row!.id;
}

async function newOrder(c: MatrixContext) {
  const [order] = await c.db
    .insert(orders)
    .values({ accountId: c.accountId, name: `Matrix order ${unique()}` })
    .returning();
  return order!.id;
}

async function newAsset(c: MatrixContext) {
  const [asset] = await c.db
    .insert(assets)
    .values({ accountId: c.accountId, name: `Matrix laptop ${unique()}`, type: 'laptop' })
    .returning();
  return asset!.id;
}

async function aSupportTool(c: MatrixContext) {
  const [tool] = await c.db
    .insert(supportTools)
    .values({ name: `Matrix tool ${unique()}`, description: 'A tool made by the matrix', type: 'diagnostic', platforms: ['windows'], fileSize: '1 MB' })
    .returning();
  return tool!.id;
}

export const MATRIX_ROWS: Record<EndpointName, MatrixRow> = {
  // Auth: public, refresh- and reset-token endpoints. A signed-in caller's access token is no
  // refresh or reset token, so those refuse it like no token at all.
  // (A new address each time, so that the sign-in and reset throttles never answer instead.)
  login: { scope: 'public', status: 401, request: () => ({ body: { username: `nobody.${unique()}@matrix.example`, password: 'not-the-password' } }) },
  logout: { scope: 'public', status: 200, endsSession: true, request: () => ({ body: {} }) },
  requestPasswordReset: { scope: 'public', status: 200, request: () => ({ query: { username: `nobody.${unique()}@matrix.example` } }) },
  requestPasswordResetPost: { scope: 'public', status: 200, request: () => ({ body: { email: `nobody.${unique()}@matrix.example` } }) },
  // A link this server did not sign (a signed one is tested in notification-mail.test.ts): refused alike for everyone.
  unsubscribeFromEmail: { scope: 'public', status: 400, request: () => ({ query: { token: 'un1.1.1.billing.not-signed' } }) },
  completeSecondFactor: { scope: 'public', status: 401, request: () => ({ body: { pending_token: 'not-a-token', code: '123456' } }) },
  startSignInEnrolment: { scope: 'public', status: 401, request: () => ({ body: { pending_token: 'not-a-token' } }) },
  confirmSignInEnrolment: { scope: 'public', status: 401, request: () => ({ body: { pending_token: 'not-a-token', code: '123456' } }) },
  // Passkeys (decision 0050): a sign-in ceremony begins for anyone; an answer over an unknown challenge is refused.
  startPasskeySignIn: { scope: 'public', status: 200, request: () => ({}) },
  completePasskeySignIn: {
    scope: 'public',
    status: 401,
    request: () => ({ body: { token: 'not-a-token', credential: createSoftPasskey(MATRIX_RP).assert({ challenge: 'not-a-challenge' }) } }),
  },
  startPasskeySecondFactor: { scope: 'public', status: 401, request: () => ({ body: { pending_token: 'not-a-token' } }) },
  completePasskeySecondFactor: {
    scope: 'public',
    status: 401,
    request: () => ({
      body: { pending_token: 'not-a-token', token: 'not-a-token', credential: createSoftPasskey(MATRIX_RP).assert({ challenge: 'not-a-challenge' }) },
    }),
  },
  // Sign-in with an account's identity provider (decision 0051): a domain no account's IdP serves (null), and no sign-in under way.
  findIdentityProvider: { scope: 'public', status: 200, request: () => ({ query: { domain: `nobody-${unique()}.example` } }) },
  startIdentityProviderSignIn: { scope: 'public', status: 302, request: () => ({ query: { domain: `nobody-${unique()}.example` } }) },
  finishIdentityProviderSignIn: { scope: 'public', status: 302, request: () => ({ query: { code: 'not-a-code', state: 'not-a-state' } }) },
  completeIdentityProviderSignIn: { scope: 'public', status: 401, request: () => ({ body: { code: 'not-a-code' } }) },
  tokenLogin: { scope: 'public', status: 401, request: () => ({ body: { token: 'not-a-token' } }) },
  redeemAppLaunch: { scope: 'public', status: 401, request: () => ({ params: { appId: 'itp_voice' }, body: { token: 'not-a-token' } }) },
  refresh: { scope: 'public', status: 401, request: () => ({}) },
  changePasswordWithResetToken: { scope: 'public', status: 401, request: () => ({ body: { password: 'a-new-pass-2026' } }) },

  // Every signed-in user.
  me: { scope: 'own-account', request: () => ({}) },
  updateMyProfile: {
    scope: 'own-account',
    request: (c) => ({ body: { firstname: 'Matrix', lastname: 'Caller', email: c.caller?.email ?? 'anonymous@matrix.example', timezone: 'US/Eastern' } }),
  },
  updateMyPreferences: { scope: 'own-account', request: () => ({ body: { ui_color_mode: 'dark' } }) },
  listApps: { scope: 'own-account', request: () => ({}) },
  listNotifications: { scope: 'own-account', request: () => ({ query: { limit: '10', offset: '0' } }) },
  markNotificationRead: { scope: 'object', request: async (c) => ({ params: { id: await newNotification(c) } }) },
  markAllNotificationsRead: { scope: 'own-account', request: () => ({}) },
  streamPortalEvents: { scope: 'own-account', request: () => ({}) },
  getMyNotificationPreferences: { scope: 'own-account', request: () => ({}) },
  updateMyNotificationPreferences: { scope: 'own-account', request: () => ({ body: structuredClone(DEFAULT_NOTIFICATION_PREFERENCES) }) },
  getAccountNotificationDefaults: { scope: 'own-account', request: () => ({}) },
  updateAccountNotificationDefaults: {
    scope: 'own-account',
    request: () => ({ body: { ...structuredClone(DEFAULT_NOTIFICATION_PREFERENCES), email_digest: 'daily' } }),
  },
  launchApp: { scope: 'own-account', request: () => ({ params: { appId: 'itp_voice' } }) },
  listServices: { scope: 'own-account', request: () => ({}) },
  listTimezones: { scope: 'own-account', request: () => ({}) },
  getDashboard: { scope: 'own-account', request: () => ({}) },
  listTickets: { scope: 'own-account', request: () => ({ query: { status: '' } }) },
  createTicket: { scope: 'own-account', request: () => ({ body: { subject: 'Printer offline', description: 'It stopped.', priority: 'low' } }) },
  getTicket: { scope: 'object', request: async (c) => ({ params: { id: (await ticketOf(c)).id } }) },
  respondToTicket: { scope: 'object', request: async (c) => ({ params: { id: (await ticketOf(c)).id }, body: { description: 'Any news?' } }) },
  uploadTicketAttachment: {
    scope: 'own-account',
    request: () => {
      const { headers, payload } = fileUpload('printer.png', PNG_1PX, 'image/png');
      return { headers, body: payload };
    },
  },
  downloadTicketAttachment: {
    scope: 'object',
    request: async (c) => ({ params: { id: (await createAttachment(c.db, { accountId: c.accountId, ticketId: (await ticketOf(c)).id })).id } }),
  },
  ticketAttachmentThumbnail: {
    scope: 'object',
    request: async (c) => ({
      params: { id: (await createAttachment(c.db, { accountId: c.accountId, ticketId: (await ticketOf(c)).id, thumbnail: true })).id },
    }),
  },
  viewTicketAttachment: {
    scope: 'object',
    request: async (c) => ({ params: { id: (await createAttachment(c.db, { accountId: c.accountId, ticketId: (await ticketOf(c)).id })).id } }),
  },
  resolveTicket: { scope: 'object', request: async (c) => ({ params: { id: (await ticketOf(c)).id }, body: { note: 'Works again.' } }) },
  reopenTicket: {
    scope: 'object',
    request: async (c) => ({
      params: { id: (await createTicket(c.db, { accountId: c.accountId, assignedContactId: c.assigneeId, customerResolvedAt: new Date() })).id },
    }),
  },
  rateTicket: {
    scope: 'object',
    request: async (c) => ({
      params: { id: (await createTicket(c.db, { accountId: c.accountId, assignedContactId: c.assigneeId, status: 'Complete' })).id },
      body: { score: 5, comment: 'Quick and kind.' },
    }),
  },
  listTicketConversation: {
    scope: 'object',
    request: async (c) => {
      const ticket = await ticketOf(c);
      const newest = await createTicketEntry(c.db, { accountId: c.accountId, ticketId: ticket.id });
      return { params: { id: ticket.id }, query: { before: String(newest.id) } };
    },
  },

  // Administrators: users and licenses.
  listContacts: { scope: 'own-account', request: () => ({ query: { search: 'a', limit: '10' } }) },
  contactStats: { scope: 'own-account', request: () => ({ query: { search: 'a' } }) },
  listLicensableServices: { scope: 'own-account', request: () => ({}) },
  // The audit log: a filter naming another account's person finds nothing of theirs (the query is the caller's account's).
  listAuditLog: { scope: 'own-account', request: (c) => ({ query: { contact_id: String(c.assigneeId), kind: 'auth', limit: '10' } }) },
  exportAuditLog: { scope: 'own-account', request: () => ({ query: { kind: 'users' } }) },
  // Profile → Security: the caller's own sign-ins and password. Ending a sign-in names a second one of the caller's,
  // made for the row, so the caller's own token lives on; the password changes from the factories' test password.
  listMySessions: { scope: 'own-account', request: () => ({}) },
  endMySession: {
    scope: 'own-account',
    request: async (c) => ({
      params: {
        id: (
          await startSession(c.db, {
            contactId: c.caller?.contactId ?? c.assigneeId,
            refreshToken: randomBytes(32).toString('hex'),
            meta: { ip: null, userAgent: null },
          })
        ).sessionId,
      },
    }),
  },
  endMyOtherSessions: { scope: 'own-account', request: () => ({}) },
  // Two factors (decision 0049): each caller's own authenticator, given a secret the row knows.
  getMyTwoFactor: { scope: 'own-account', request: () => ({}) },
  startTotpEnrolment: {
    scope: 'own-account',
    request: async (c) => {
      await c.db.delete(totpAuthenticators).where(eq(totpAuthenticators.contactId, c.caller?.contactId ?? c.assigneeId));
      return {};
    },
  },
  confirmTotpEnrolment: { scope: 'own-account', request: async (c) => ({ body: { code: await callerTotpCode(c, false) } }) },
  disableTotp: { scope: 'own-account', request: async (c) => ({ body: { code: await callerTotpCode(c, true) } }) },
  renewRecoveryCodes: { scope: 'own-account', request: async (c) => ({ body: { code: await callerTotpCode(c, true) } }) },
  // Passkeys: each caller's own (decision 0050), registered with a software passkey over a challenge the row wrote.
  listMyPasskeys: { scope: 'own-account', request: () => ({}) },
  startPasskeyRegistration: { scope: 'own-account', request: () => ({}) },
  addPasskey: { scope: 'own-account', request: async (c) => ({ body: await passkeyRegistration(c) }) },
  renamePasskey: { scope: 'own-account', request: async (c) => ({ params: { id: await callerPasskey(c) }, body: { name: 'Renamed key' } }) },
  removePasskey: { scope: 'own-account', request: async (c) => ({ params: { id: await callerPasskey(c) } }) },
  // The account's sign-in policy: written as it is by default (not required), so no later sign-in of the run changes.
  getSignInPolicy: { scope: 'own-account', request: () => ({}) },
  updateSignInPolicy: { scope: 'own-account', request: () => ({ body: { two_factor_required: false } }) },
  // An administrator's reset of another user's second factor: a user of the account, with one.
  resetContactTwoFactor: {
    scope: 'object',
    request: async (c) => {
      const contact = await newContact(c);
      await callerTotpCode(c, true, contact.id);
      return { params: { id: contact.id } };
    },
  },
  changeMyPassword: { scope: 'own-account', request: () => ({ body: { current_password: TEST_PASSWORD, new_password: `Matrix ${unique()} river lantern` } }) },
  resendInvitation: { scope: 'object', request: async (c) => ({ params: { id: (await createContact(c.db, { accountId: c.accountId, password: null })).id } }) },
  createContact: {
    scope: 'own-account',
    request: () => ({ body: { user: { firstname: 'New', lastname: 'Person', email: `new.${unique()}@matrix.example`, time_zone: 'US/Eastern' } } }),
  },
  updateContact: { scope: 'object', request: async (c) => ({ params: { id: (await newContact(c)).id }, body: { firstname: 'Renamed', lastname: 'Person' } }) },
  deleteContact: { scope: 'object', request: async (c) => ({ params: { id: (await newContact(c)).id } }) },
  listLicenses: { scope: 'object', request: async (c) => ({ params: { id: (await newContact(c)).id } }) },
  addLicense: { scope: 'object', request: async (c) => ({ params: { id: (await newContact(c)).id }, body: { service_id: c.voiceServiceId } }) },
  removeLicense: {
    scope: 'object',
    request: async (c) => {
      const { contactId, licenseId } = await newLicense(c);
      return { params: { id: contactId, licenseId } };
    },
  },

  // Billing group.
  getBillingAccount: { scope: 'object', request: (c) => ({ params: { id: c.billingId } }) },
  listPayments: { scope: 'object', request: (c) => ({ params: { id: c.billingId } }) },
  listStatements: { scope: 'object', request: (c) => ({ params: { id: c.billingId } }) },
  getStatementPdf: { scope: 'object', request: async (c) => ({ params: { id: await newStatement(c) } }) },
  getPaymentReceiptPdf: { scope: 'object', request: async (c) => ({ params: { id: c.billingId, paymentId: await newPaidPayment(c) } }) },
  payWithNewCard: {
    scope: 'object',
    request: (c) => ({
      params: { id: c.billingId },
      headers: paymentHeaders(),
      body: {
        payment: {
          amount: 1,
          cc_first_name: 'Matrix',
          cc_last_name: 'Payer',
          cc_num: '4242424242424242',
          cc_exp_month: '12',
          cc_exp_year: String(new Date().getFullYear() + 2),
          cc_type: 'visa',
        },
      },
    }),
  },
  payWithStoredCard: { scope: 'object', request: (c) => ({ params: { id: c.billingId }, headers: paymentHeaders(), body: { amount: 1 } }) },
  updateBillingAccount: { scope: 'object', request: (c) => ({ params: { id: c.billingId }, body: { automatic_payments: false } }) },
  removeStoredCard: { scope: 'object', request: (c) => ({ params: { id: c.billingId } }) },
  listOrders: { scope: 'own-account', request: () => ({}) },
  getOrder: { scope: 'object', request: async (c) => ({ params: { id: await newOrder(c) } }) },

  // Administrators and technical contacts (decision 0031): the IT assets, read only.
  listAssets: { scope: 'own-account', request: () => ({}) },
  getAsset: { scope: 'object', request: async (c) => ({ params: { id: await newAsset(c) } }) },
  listVendors: { scope: 'own-account', request: () => ({}) },
  assetStats: { scope: 'own-account', request: () => ({ query: { search: 'laptop' } }) },
  // Administrators alone: the credential vault.
  listCredentials: { scope: 'own-account', request: () => ({}) },
  createCredential: {
    scope: 'own-account',
    request: () => ({ body: { title: 'Firewall', username: 'admin', password: 'pa55-word', url: 'https://fw.matrix.example', notes: '' } }),
  },
  updateCredential: { scope: 'object', request: async (c) => ({ params: { id: await newCredential(c) }, body: { username: 'changed' } }) },
  deleteCredential: { scope: 'object', request: async (c) => ({ params: { id: await newCredential(c) } }) },
  revealCredentialPassword: { scope: 'object', request: async (c) => ({ params: { id: await newCredential(c) }, body: { purpose: 'show' } }) },

  // Administrators and technical contacts: support tools (the tools are the provider's; downloads are the account's).
  listSupportTools: { scope: 'own-account', request: () => ({}) },
  generateToolLink: { scope: 'own-account', request: async (c) => ({ body: { tool_id: await aSupportTool(c), valid_hours: 24 } }) },
  recordToolDownload: { scope: 'own-account', request: async (c) => ({ body: { tool_id: await aSupportTool(c), download_token: 'direct-download' } }) },
  listToolDownloads: { scope: 'own-account', request: () => ({}) },
  // The link itself is public (a technician opens it on the device); one this server never signed is refused for everyone alike.
  openToolLink: { scope: 'public', status: 403, request: () => ({ params: { token: 'tl1.not-a-link' } }) },
  // A link this server did not sign: the same 410 for everyone (the signed one is tested in attachments.routes.test.ts).
  openAttachmentLink: { scope: 'public', status: 410, request: () => ({ params: { token: 'al1.1.1.9999999999.not-signed' } }) },
};

/** The billing account row every matrix account has (the billing calls name it). */
export async function createBillingAccount(db: Database, accountId: number, billingId: string) {
  // A stored card (a sandbox token), so that paying with it can succeed.
  await db.insert(billingAccounts).values({
    id: billingId,
    accountId,
    balance: 250,
    cardFirstName: 'Matrix',
    cardLastName: 'Payer',
    cardLast4: '4242',
    cardType: 'visa',
    cardExpMonth: '12',
    cardExpYear: '2099',
    cardGatewayToken: `tok_sandbox_matrix${billingId}`,
  });
}

export async function createVoiceService(db: Database, accountId: number) {
  return createService(db, { accountId, itemType: 'itp_voice', apiId: `itpv-${unique()}`, metadata: { purchased_users: 50 } });
}

/**
 * The provider API (decision 0025): one row per provider endpoint, for the matrix's API-key callers and
 * the fuzzing test. Each request names objects of one account the provider pushed (by external id).
 */
export interface ProviderMatrixContext {
  db: Database;
  accountExternalId: string;
  /** A ticket of that account with an external id (its entries are upserted under it). */
  ticketExternalId: string;
  /** A webhook endpoint (to a port nothing listens on; no worker runs here) and one delivery of an event of that account to it. */
  webhookEndpointId: number;
  webhookDeliveryId: number;
  /** A stored credential of that account (by portal id: credentials have no external id). */
  credentialId: number;
}

export async function createProviderMatrixContext(db: Database): Promise<ProviderMatrixContext> {
  const accountExternalId = `matrix-account-${unique()}`;
  const account = await createAccount(db, { externalId: accountExternalId });
  const ticketExternalId = `matrix-ticket-${unique()}`;
  const matrixTicket = await createTicket(db, { accountId: account.id, externalId: ticketExternalId });
  // The entry a technician's files are attached to.
  await createTicketEntry(db, { accountId: account.id, ticketId: matrixTicket.id, externalId: MATRIX_ENTRY });
  const webhooks = createWebhooksService({ db, vault: createVaultKeyRing(randomBytes(32)), allowPrivateUrls: true });
  const endpoint = await webhooks.create({ url: 'http://127.0.0.1:9/matrix', events: ['autopay.changed'] });
  const { id: eventId } = await recordEvent(db, { type: 'autopay.changed', accountId: account.id, data: { automatic_payments: true, by: SYSTEM_ACTOR } });
  const [delivery] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpoint.id)));
  const [credential] = await db
    .insert(credentials)
    .values({ accountId: account.id, serviceName: 'Matrix Firewall', username: 'matrix-admin' })
    .returning({ id: credentials.id });
  // An identity provider to read and remove (its secret sealed under a key of this context: nothing here opens it).
  const sealer = createVaultKeyRing(randomBytes(32)).current;
  await db.insert(identityProviders).values({
    accountId: account.id,
    displayName: 'Matrix IdP',
    issuer: 'https://idp.matrix.example',
    clientId: 'matrix-portal',
    clientSecretSealed: sealer.seal('matrix-secret'),
    clientSecretKeyId: sealer.id,
  });
  await db.insert(identityProviderDomains).values({ domain: `${accountExternalId}.example`, accountId: account.id });
  return { db, accountExternalId, ticketExternalId, webhookEndpointId: endpoint.id, webhookDeliveryId: delivery!.id, credentialId: credential!.id };
}

type ProviderRow = (context: ProviderMatrixContext) => MatrixRequest;
const MATRIX_ENTRY = 'matrix-entry';
const inAccount = (c: ProviderMatrixContext, extra: Record<string, string> = {}) => ({ account_external_id: c.accountExternalId, ...extra });
const fresh = (c: ProviderMatrixContext) => inAccount(c, { external_id: `matrix-${unique()}` });
const listQuery = { limit: '5', updated_since: '2026-01-01T00:00:00Z' };

export const PROVIDER_MATRIX_ROWS: Record<ProviderEndpointName, ProviderRow> = {
  providerPutAccount: () => ({
    params: { external_id: `matrix-${unique()}` },
    body: { name: `Matrix account ${unique()}`, billing_id: `ba_matrix_${unique()}` },
  }),
  providerBulkAccounts: () => ({ body: { items: [1, 2].map((n) => ({ external_id: `matrix-${unique()}`, name: `Matrix bulk account ${n} ${unique()}` })) } }),
  providerGetAccount: (c) => ({ params: { external_id: c.accountExternalId } }),
  providerPutIdentityProvider: (c) => ({
    params: inAccount(c),
    body: {
      name: 'Matrix Entra',
      issuer: 'https://login.matrix.example/tenant/v2.0',
      client_id: 'matrix-portal',
      client_secret: `secret-${unique()}`,
      domains: [`${c.accountExternalId}.example`],
    },
  }),
  providerGetIdentityProvider: (c) => ({ params: inAccount(c) }),
  providerDeleteIdentityProvider: (c) => ({ params: inAccount(c) }),
  providerListAccounts: () => ({ query: listQuery }),
  providerPutContact: (c) => ({
    params: fresh(c),
    body: { firstname: 'Matrix', lastname: 'Contact', email: `contact.${unique()}@matrix.example`, technical_group: true },
  }),
  providerBulkContacts: (c) => ({
    params: inAccount(c),
    body: { items: [1, 2].map(() => ({ external_id: `matrix-${unique()}`, firstname: 'Matrix', lastname: 'Bulk', email: `bulk.${unique()}@matrix.example` })) },
  }),
  providerListContacts: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutService: (c) => ({
    params: fresh(c),
    body: { product: { name: 'Matrix Hosted Voice', category: 'Voice' }, item_type: 'itp_voice', price: 120, quantity: 1, seats: 4 },
  }),
  providerBulkServices: (c) => ({
    params: inAccount(c),
    body: {
      items: [1, 2].map((n) => ({
        external_id: `matrix-${unique()}`,
        product: { name: 'Matrix Backup', category: 'Backup' },
        item_type: 'other',
        price: 10 * n,
      })),
    },
  }),
  providerListServices: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutTicket: (c) => ({
    params: fresh(c),
    body: { subject: 'Matrix ticket', description: 'Pushed by the matrix.', status: 'Assigned', priority: 'high' },
  }),
  providerBulkTickets: (c) => ({
    params: inAccount(c),
    body: {
      items: [
        { external_id: `matrix-${unique()}`, subject: 'Bulk one' },
        { external_id: `matrix-${unique()}`, subject: 'Bulk two' },
      ],
    },
  }),
  providerListTickets: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutTicketEntry: (c) => ({
    params: inAccount(c, { ticket_external_id: c.ticketExternalId, external_id: `matrix-${unique()}` }),
    body: { author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: 'On it.' },
  }),
  providerListTicketEntries: (c) => ({ params: inAccount(c), query: listQuery }),
  providerUploadTicketEntryAttachments: (c) => {
    const { headers, payload } = fileUpload('screenshot.png', PNG_1PX, 'image/png');
    return { params: inAccount(c, { ticket_external_id: c.ticketExternalId, external_id: MATRIX_ENTRY }), headers, body: payload };
  },
  providerListTicketRatings: (c) => ({ query: { account_external_id: c.accountExternalId, from: '2026-01-01T00:00:00Z', limit: '5' } }),
  providerPutStatement: (c) => ({
    params: fresh(c),
    body: {
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      amount_due: 99.5,
      lines: [{ description: 'Cloud backup', quantity: 1, unit_price: 99.5, amount: 99.5 }],
    },
  }),
  providerListStatements: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutPayment: (c) => ({ params: fresh(c), body: { amount: 25, payment_type: 'check', check_number: '1001' } }),
  providerListPayments: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutOrder: (c) => ({
    params: fresh(c),
    body: {
      name: 'Matrix order',
      status: 'new_order',
      quote_id: 'Q-1001',
      order_items: [
        { prod_description: 'Hosted Voice seat', quantity: 2, purchase_type: 'new_order', price: 60, price_per_unit: 30, metadata: { did: '+15550100' } },
      ],
    },
  }),
  providerListOrders: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutAsset: (c) => ({
    params: fresh(c),
    body: { name: 'Matrix Laptop', type: 'laptop', vendor: 'Lenovo', serial_number: 'MX-1', purchase_date: '2026-01-15' },
  }),
  providerListAssets: (c) => ({ params: inAccount(c), query: listQuery }),
  providerPutVendor: (c) => ({
    params: fresh(c),
    body: { name: 'Matrix Vendor', email: 'sales@vendor.matrix.example', website: 'https://vendor.matrix.example' },
  }),
  providerListVendors: (c) => ({ params: inAccount(c), query: listQuery }),
  providerUpdateCredential: (c) => ({ params: inAccount(c, { id: String(c.credentialId) }), body: { hidden: true } }),
  providerListCredentials: (c) => ({ params: inAccount(c), query: listQuery }),
  providerCreateWebhookEndpoint: () => ({
    body: { url: `https://hooks.matrix.example/${unique()}`, events: ['ticket.reply'], description: 'Matrix receiver' },
  }),
  providerListWebhookEndpoints: () => ({}),
  providerGetWebhookEndpoint: (c) => ({ params: { id: c.webhookEndpointId } }),
  providerUpdateWebhookEndpoint: (c) => ({ params: { id: c.webhookEndpointId }, body: { enabled: false } }),
  providerDeleteWebhookEndpoint: (c) => ({ params: { id: c.webhookEndpointId } }),
  providerListWebhookDeliveries: (c) => ({ query: { endpoint_id: String(c.webhookEndpointId), status: 'pending', limit: '10' } }),
  providerRetryWebhookDelivery: (c) => ({ params: { id: c.webhookDeliveryId } }),
};
