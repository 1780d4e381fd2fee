import * as auth from './auth.js';
import * as billing from './billing.js';
import * as dashboard from './dashboard.js';
import * as inventory from './inventory.js';
import * as profile from './profile.js';
import * as services from './services.js';
import * as supportTools from './support-tools.js';
import * as tickets from './tickets.js';

/** Every endpoint of the portal API, by name. The server registers each; the client calls them by name. */
export const endpoints = {
  ...auth,
  ...profile,
  ...services,
  ...dashboard,
  ...billing,
  ...inventory,
  ...tickets,
  ...supportTools,
};
export type EndpointName = keyof typeof endpoints;
