import * as audit from './audit.js';
import * as auth from './auth.js';
import * as billing from './billing.js';
import * as dashboard from './dashboard.js';
import * as identityProvider from './identity-provider.js';
import * as inventory from './inventory.js';
import * as notifications from './notifications.js';
import * as passkeySignIn from './passkey-sign-in.js';
import * as passkeys from './passkeys.js';
import * as profile from './profile.js';
import * as security from './security.js';
import * as services from './services.js';
import * as signInSteps from './sign-in-steps.js';
import * as supportTools from './support-tools.js';
import * as tickets from './tickets.js';
import * as twoFactor from './two-factor.js';
import * as users from './users.js';

/** Every endpoint of the portal API, by name. The server registers each and documents them all. */
export const endpoints = {
  ...auth,
  ...signInSteps,
  ...identityProvider,
  ...profile,
  ...users,
  ...services,
  ...dashboard,
  ...billing,
  ...inventory,
  ...tickets,
  ...supportTools,
  ...audit,
  ...security,
  ...twoFactor,
  ...passkeys,
  ...passkeySignIn,
  ...notifications,
};
export type EndpointName = keyof typeof endpoints;

/*
 * The same endpoints by group, for the web app: a screen that names `ticketsEndpoints.listTickets` makes the bundle
 * carry (and the phone build, at start-up) the schemas of the ticket calls only. `endpoints` holds every schema of the
 * API, ~400 zod objects whose construction was a third of the app's start-up script on a phone (decision 0022), so the
 * web app never imports it.
 */
export * as auditEndpoints from './audit.js';
export * as authEndpoints from './auth.js';
export * as billingEndpoints from './billing.js';
export * as dashboardEndpoints from './dashboard.js';
export * as identityProviderEndpoints from './identity-provider.js';
export * as inventoryEndpoints from './inventory.js';
export * as notificationsEndpoints from './notifications.js';
export * as passkeySignInEndpoints from './passkey-sign-in.js';
export * as passkeysEndpoints from './passkeys.js';
export * as profileEndpoints from './profile.js';
export * as securityEndpoints from './security.js';
export * as servicesEndpoints from './services.js';
export * as signInStepsEndpoints from './sign-in-steps.js';
export * as supportToolsEndpoints from './support-tools.js';
export * as ticketsEndpoints from './tickets.js';
export * as twoFactorEndpoints from './two-factor.js';
export * as usersEndpoints from './users.js';
