import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { expiryState } from '../inventory-display';

export const EXPIRED = 'Expired';
export const EXPIRES_SOON = 'Expires soon';

/**
 * Decision 0033: an expiry date (a credential's, an asset's warranty) that has passed or comes within 30 days of
 * `today`, flagged beside the date; nothing for a date further off or none at all.
 */
export function ExpiryBadge({ date, today }: { date: string | null | undefined; today: string }) {
  const state = expiryState(date, today);
  if (state === 'expired') {
    return (
      <StatusBadge colour="red" size="sm" data-testid="expiry-badge">
        {EXPIRED}
      </StatusBadge>
    );
  }
  if (state === 'soon') {
    return (
      <StatusBadge colour="yellow" size="sm" data-testid="expiry-badge">
        {EXPIRES_SOON}
      </StatusBadge>
    );
  }
  return null;
}
