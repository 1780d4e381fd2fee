import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { acceptedTimezoneOption, appLaunchGrant, appTile, service, timezoneOption } from '../entities/service.js';

const tag = 'Services';

export const listServices = defineEndpoint({
  method: 'GET',
  path: '/crm/services',
  summary: 'The account’s services with their product',
  tag,
  access: 'user',
  result: z.array(service),
});

export const listTimezones = defineEndpoint({
  method: 'GET',
  path: '/crm/misc/timezones',
  summary: 'Time zones a contact may choose',
  tag,
  access: 'user',
  result: z.array(timezoneOption),
  accepts: z.array(acceptedTimezoneOption),
});

export const listApps = defineEndpoint({
  method: 'GET',
  path: '/portal/apps',
  summary: 'Application tiles for the signed-in contact (derived from the account’s services)',
  tag: 'Apps',
  access: 'user',
  result: z.array(appTile),
});

export const launchApp = defineEndpoint({
  method: 'POST',
  path: '/portal/apps/:appId/launch',
  summary: 'A launch URL for one app, carrying a short-lived single-use token scoped to that app',
  tag: 'Apps',
  access: 'user',
  params: z.object({ appId: z.string().min(1).max(100) }),
  result: z.object({ url: z.string() }),
});

/**
 * For the launched app, not the browser: it trades the token from its address for who is
 * launching it, once. A token of another app, a used or an expired one is refused alike.
 */
export const redeemAppLaunch = defineEndpoint({
  method: 'POST',
  path: '/portal/apps/:appId/launch/redeem',
  summary: 'Redeem a launch token (called by the launched app): who launched it, for which account and api_id',
  tag: 'Apps',
  access: 'public',
  params: z.object({ appId: z.string().min(1).max(100) }),
  body: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(512, 'token is too long') }),
  result: appLaunchGrant,
});
