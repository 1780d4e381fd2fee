/**
 * What a provider API key may do: one scope per resource and mode. A `:write` scope implies the
 * `:read` of the same resource (a sync that writes tickets also reads them back).
 */
export const PROVIDER_RESOURCES = ['accounts', 'contacts', 'services', 'tickets', 'billing', 'inventory', 'webhooks'] as const;
export type ProviderResource = (typeof PROVIDER_RESOURCES)[number];
export type ProviderScope = `${ProviderResource}:${'read' | 'write'}`;

export const PROVIDER_SCOPES = PROVIDER_RESOURCES.flatMap((resource) => [`${resource}:read`, `${resource}:write`]) as ProviderScope[];

export function isProviderScope(value: string): value is ProviderScope {
  return (PROVIDER_SCOPES as string[]).includes(value);
}

/** Whether a key holding `granted` may call an endpoint that requires `required`. */
export function scopeAllows(granted: readonly string[], required: ProviderScope): boolean {
  if (granted.includes(required)) return true;
  const [resource, mode] = required.split(':');
  return mode === 'read' && granted.includes(`${resource}:write`);
}

/** Every provider endpoint lives under this path of the API base (`/api/provider/v1/...`). */
export const PROVIDER_API_PREFIX = '/provider/v1';
/** At most this many items in one bulk call (one transaction). */
export const PROVIDER_BULK_MAX_ITEMS = 1_000;
export const PROVIDER_PAGE_DEFAULT = 100;
export const PROVIDER_PAGE_MAX = 500;
