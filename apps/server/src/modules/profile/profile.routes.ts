import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { clientMeta } from '../auth/auth.routes.js';
import type { ProfileService } from './profile.service.js';

export const PROFILE_UPDATED = 'Your profile has been updated.';

export function profileRoutes(profile: ProfileService): EndpointRoute[] {
  return [
    route(endpoints.updateMyProfile, async ({ caller, body, request }) =>
      new Respond(await profile.update(caller, body, clientMeta(request)), PROFILE_UPDATED),
    ),
  ];
}
