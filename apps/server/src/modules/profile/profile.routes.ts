import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { ProfileService } from './profile.service.js';

export const PROFILE_UPDATED = 'Your profile has been updated.';

export function profileRoutes(profile: ProfileService): EndpointRoute[] {
  return [
    route(endpoints.updateMyProfile, async ({ caller, body, client }) => new Respond(await profile.update(caller, body, client), PROFILE_UPDATED)),
    route(endpoints.updateMyPreferences, async ({ caller, body }) => profile.savePreferences(caller, body)),
  ];
}
