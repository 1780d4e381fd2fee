import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { InventoryService } from './inventory.service.js';

export function inventoryRoutes(inventory: InventoryService): EndpointRoute[] {
  return [
    route(endpoints.listAssets, async ({ caller, query }) => inventory.assets(caller, query)),
    route(endpoints.assetStats, async ({ caller, query }) => inventory.stats(caller, query.search)),
    route(endpoints.getAsset, async ({ caller, params }) => inventory.asset(caller, params.id)),
    route(endpoints.listVendors, async ({ caller }) => inventory.vendors(caller)),
    route(endpoints.listCredentials, async ({ caller, query }) => inventory.credentials(caller, query.search)),
    route(endpoints.createCredential, async ({ caller, body, client }) => inventory.create(caller, body, client)),
    route(endpoints.updateCredential, async ({ caller, params, body, client }) => inventory.update(caller, params.id, body, client)),
    route(endpoints.deleteCredential, async ({ caller, params, client }) => (await inventory.remove(caller, params.id, client), null)),
    route(endpoints.revealCredentialPassword, async ({ caller, params, body, client }) => inventory.reveal(caller, params.id, body.purpose, client)),
  ];
}
