import { providerEndpoints as e } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { createProviderAccounts } from './provider-accounts.js';
import type { createProviderBilling } from './provider-billing.js';
import type { createProviderContacts } from './provider-contacts.js';
import type { createProviderCredentials } from './provider-credentials.js';
import type { createProviderInventory } from './provider-inventory.js';
import type { createProviderOrders } from './provider-orders.js';
import type { createProviderServices } from './provider-services.js';
import type { createProviderTickets } from './provider-tickets.js';
import type { createProviderWebhooks } from './provider-webhooks.js';
import type { createProviderIdentityProviders } from './provider-identity-providers.js';
import { eachFile } from '../../http/multipart.js';
import { byKey } from './provider-support.js';
import { fileTooLarge, tooManyFiles, type TicketAttachments } from '../tickets/index.js';

export interface ProviderServices {
  accounts: ReturnType<typeof createProviderAccounts>;
  contacts: ReturnType<typeof createProviderContacts>;
  services: ReturnType<typeof createProviderServices>;
  tickets: ReturnType<typeof createProviderTickets>;
  /** The tickets' files (docs/decisions/0047): the technicians' arrive here. */
  attachments: TicketAttachments;
  billing: ReturnType<typeof createProviderBilling>;
  orders: ReturnType<typeof createProviderOrders>;
  inventory: ReturnType<typeof createProviderInventory>;
  credentials: ReturnType<typeof createProviderCredentials>;
  webhooks: ReturnType<typeof createProviderWebhooks>;
  /** The accounts' own OpenID Connect providers (decision 0051). */
  identityProviders: ReturnType<typeof createProviderIdentityProviders>;
}

/** An upsert answers 201 when it created the record and 200 when it updated it; the body says which too. */
const upserted = <T extends { created: boolean }>(result: T) => new Respond(result, undefined, result.created ? 201 : 200);

/** The provider API (decision 0025), under /api/provider/v1, its webhook endpoints included (decision 0026). */
export function providerRoutes(s: ProviderServices): EndpointRoute[] {
  return [
    route(e.providerPutAccount, async (c) => upserted(await s.accounts.upsert(c.provider, c.params.external_id, c.body, c.client))),
    route(e.providerBulkAccounts, async (c) => s.accounts.bulk(c.provider, c.body.items, c.client)),
    route(e.providerGetAccount, async (c) => s.accounts.get(c.params.external_id)),
    route(e.providerListAccounts, async (c) => s.accounts.list(c.query)),
    route(e.providerPutContact, async (c) =>
      upserted(await s.contacts.upsert(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerBulkContacts, async (c) => s.contacts.bulk(c.provider, c.params.account_external_id, c.body.items, c.client)),
    route(e.providerListContacts, async (c) => s.contacts.list(c.params.account_external_id, c.query)),
    route(e.providerPutService, async (c) =>
      upserted(await s.services.upsert(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerBulkServices, async (c) => s.services.bulk(c.provider, c.params.account_external_id, c.body.items, c.client)),
    route(e.providerListServices, async (c) => s.services.list(c.params.account_external_id, c.query)),
    route(e.providerPutTicket, async (c) => upserted(await s.tickets.upsert(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client))),
    route(e.providerBulkTickets, async (c) => s.tickets.bulk(c.provider, c.params.account_external_id, c.body.items, c.client)),
    route(e.providerListTickets, async (c) => s.tickets.list(c.params.account_external_id, c.query)),
    route(e.providerPutTicketEntry, async (c) => upserted(await s.tickets.upsertEntry(c.provider, c.params, c.body, c.client))),
    route(e.providerUploadTicketEntryAttachments, async ({ params, request, provider, client }) => {
      const { limits } = s.attachments;
      const accountId = await s.tickets.accountId(params.account_external_id);
      const files = eachFile(
        request,
        { maxBytes: limits.maxFileBytes, maxFiles: limits.maxFiles },
        { tooLarge: () => fileTooLarge(limits), tooMany: () => tooManyFiles(limits) },
      );
      const items = await s.attachments.pushToEntry(
        byKey(provider, client),
        accountId,
        { ticketExternalId: params.ticket_external_id, entryExternalId: params.external_id },
        files,
      );
      return new Respond({ items }, undefined, 201);
    }),
    route(e.providerListTicketRatings, async (c) => s.tickets.ratings(c.query)),
    route(e.providerListTicketEntries, async (c) => s.tickets.listEntries(c.params.account_external_id, c.query)),
    route(e.providerPutStatement, async (c) =>
      upserted(await s.billing.upsertStatement(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerListStatements, async (c) => s.billing.listStatements(c.params.account_external_id, c.query)),
    route(e.providerPutPayment, async (c) =>
      upserted(await s.billing.upsertPayment(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerListPayments, async (c) => s.billing.listPayments(c.params.account_external_id, c.query)),
    route(e.providerPutOrder, async (c) => upserted(await s.orders.upsert(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client))),
    route(e.providerListOrders, async (c) => s.orders.list(c.params.account_external_id, c.query)),
    route(e.providerPutAsset, async (c) =>
      upserted(await s.inventory.upsertAsset(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerListAssets, async (c) => s.inventory.listAssets(c.params.account_external_id, c.query)),
    route(e.providerPutVendor, async (c) =>
      upserted(await s.inventory.upsertVendor(c.provider, c.params.account_external_id, c.params.external_id, c.body, c.client)),
    ),
    route(e.providerListVendors, async (c) => s.inventory.listVendors(c.params.account_external_id, c.query)),
    route(e.providerUpdateCredential, async (c) => s.credentials.setHidden(c.provider, c.params.account_external_id, c.params.id, c.body.hidden, c.client)),
    route(e.providerListCredentials, async (c) => s.credentials.list(c.params.account_external_id, c.query)),
    route(
      e.providerCreateWebhookEndpoint,
      async (c) => new Respond(await s.webhooks.create(c.provider, c.body, c.client), 'Keep the secret now: it is not shown again.', 201),
    ),
    route(e.providerListWebhookEndpoints, async () => s.webhooks.list()),
    route(e.providerGetWebhookEndpoint, async (c) => s.webhooks.get(c.params.id)),
    route(e.providerUpdateWebhookEndpoint, async (c) => s.webhooks.setEnabled(c.provider, c.params.id, c.body.enabled, c.client)),
    route(e.providerDeleteWebhookEndpoint, async (c) => s.webhooks.remove(c.provider, c.params.id, c.client)),
    route(e.providerListWebhookDeliveries, async (c) => s.webhooks.deliveries(c.query)),
    route(e.providerRetryWebhookDelivery, async (c) => s.webhooks.retry(c.provider, c.params.id, c.client)),
    route(e.providerPutIdentityProvider, async (c) => upserted(await s.identityProviders.put(c.provider, c.params.account_external_id, c.body, c.client))),
    route(e.providerGetIdentityProvider, async (c) => s.identityProviders.get(c.params.account_external_id)),
    route(e.providerDeleteIdentityProvider, async (c) => {
      await s.identityProviders.remove(c.provider, c.params.account_external_id, c.client);
      return new Respond(null, 'The account signs in with passwords only.');
    }),
  ];
}
