import { z } from 'zod';

/**
 * Deployment settings the server hands the browser through `/config.js`
 * (`window.__PORTAL_CONFIG__`), so one build serves every environment. The server's prerender of the
 * signed-out pages (src/prerender.tsx) sets the same global before the app's modules load.
 */
export const portalConfigSchema = z.object({
  /** Base of the portal API, relative (`/api`) or absolute. */
  apiBase: z.string().min(1),
  providerName: z.string().min(1),
  supportPhone: z.string().min(1),
  supportEmail: z.string().min(1),
  /** Conversation entries from addresses in this domain are labelled as the provider's (docs/product.md §2 Tickets). */
  providerEmailDomain: z.string().min(1),
  /** Where the browser goes after sign-out on a deployed host (docs/product.md §4 Session). */
  portalHomeUrl: z.string().min(1),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const DEV_PORTAL_CONFIG: PortalConfig = {
  apiBase: '/api',
  providerName: 'IT Partners',
  supportPhone: '+1 (800) 555-0199',
  supportEmail: 'support@itpartners.example',
  providerEmailDomain: 'itpartners.example',
  portalHomeUrl: '/',
};

declare global {
  // `var`: a property of globalThis, which is `window` in the browser.
  var __PORTAL_CONFIG__: unknown;
}

/**
 * Valid settings from the server win field by field; anything missing or malformed falls back to
 * the dev defaults, so a broken `/config.js` degrades to a working portal instead of a blank page.
 */
export function readPortalConfig(raw: unknown): PortalConfig {
  if (raw === undefined || raw === null) return DEV_PORTAL_CONFIG;
  if (typeof raw !== 'object') {
    console.warn('Ignoring window.__PORTAL_CONFIG__: expected an object.');
    return DEV_PORTAL_CONFIG;
  }
  const config: PortalConfig = { ...DEV_PORTAL_CONFIG };
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(portalConfigSchema.shape) as (keyof PortalConfig)[]) {
    if (!(key in given)) continue;
    const parsed = portalConfigSchema.shape[key].safeParse(given[key]);
    if (parsed.success) config[key] = parsed.data;
    else console.warn(`Ignoring window.__PORTAL_CONFIG__.${key}: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
  }
  return config;
}

export const portalConfig: PortalConfig = readPortalConfig(globalThis.__PORTAL_CONFIG__);
