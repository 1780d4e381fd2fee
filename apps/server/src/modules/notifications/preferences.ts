import {
  ALWAYS_ON_CATEGORIES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferences,
  type NotificationCategory,
  type NotificationPreferences,
} from '@portal/contract';

/**
 * A stored document read back: what the contract no longer accepts (a category added since, a value renamed) falls
 * back to the portal's default for that part, so old rows never break a read or a notification.
 */
export function readStoredPreferences(stored: unknown): NotificationPreferences {
  const parsed = notificationPreferences.safeParse(stored);
  if (parsed.success) return withSecurityOn(parsed.data);
  const partial = (stored ?? {}) as Partial<NotificationPreferences>;
  const categories = { ...DEFAULT_NOTIFICATION_PREFERENCES.categories };
  for (const name of Object.keys(categories) as NotificationCategory[]) {
    const channels = partial.categories?.[name];
    if (typeof channels?.in_portal === 'boolean' && typeof channels.email === 'boolean') categories[name] = channels;
  }
  return withSecurityOn({
    categories,
    email_digest: notificationPreferences.shape.email_digest.safeParse(partial.email_digest).data ?? DEFAULT_NOTIFICATION_PREFERENCES.email_digest,
    all_account_tickets: typeof partial.all_account_tickets === 'boolean' ? partial.all_account_tickets : false,
  });
}

/** Security notices can't be switched off (issue 35): whatever is sent or stored, they stay on both channels. */
export function withSecurityOn(preferences: NotificationPreferences): NotificationPreferences {
  const categories = { ...preferences.categories };
  for (const name of ALWAYS_ON_CATEGORIES) categories[name] = { in_portal: true, email: true };
  return { ...preferences, categories };
}

/** The choices that apply to a contact: their own, else the account's default, else the portal's. */
export function effectivePreferences(own: unknown, accountDefault: unknown): NotificationPreferences {
  if (own !== undefined) return readStoredPreferences(own);
  if (accountDefault !== undefined) return readStoredPreferences(accountDefault);
  return DEFAULT_NOTIFICATION_PREFERENCES;
}
