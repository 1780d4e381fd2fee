import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(users: UsersService): EndpointRoute[] {
  return [
    route(endpoints.listContacts, async ({ caller, query }) => users.list(caller, query)),
    route(endpoints.contactStats, async ({ caller, query }) => users.stats(caller, query.search)),
    route(endpoints.listLicensableServices, async ({ caller }) => users.licensableServices(caller)),
    route(endpoints.createContact, async ({ caller, body, client }) => users.create(caller, body.user, client)),
    route(endpoints.updateContact, async ({ caller, params, body, client }) => users.update(caller, params.id, body, client)),
    route(endpoints.deleteContact, async ({ caller, params, client }) => (await users.remove(caller, params.id, client), null)),
    route(endpoints.resendInvitation, async ({ caller, params, client }) => (await users.resendInvitation(caller, params.id, client), null)),
    route(endpoints.listLicenses, async ({ caller, params }) => users.licenses(caller, params.id)),
    route(endpoints.addLicense, async ({ caller, params, body, client }) => users.addLicense(caller, params.id, body.service_id, client)),
    route(endpoints.removeLicense, async ({ caller, params, client }) => (await users.removeLicense(caller, params.id, params.licenseId, client), null)),
  ];
}
