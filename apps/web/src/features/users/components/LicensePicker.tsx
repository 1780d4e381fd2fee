import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import type { LicenseOffer } from '../license-offers';

/**
 * The account's voice services as licenses (docs/product.md §9: only itp_voice), each with its
 * seats used and free. A service with no free seat cannot be ticked for someone who lacks it. Where
 * the seats in use are not known (a server without our seat counts), the seats alone are shown, if
 * known, and the server decides whether one is left.
 */
export function LicensePicker({
  services,
  loading,
  failed,
  selected,
  held = [],
  onChange,
  disabled,
}: {
  services: LicenseOffer[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: number[];
  /** Licenses the user already has: their seats are already counted as used. */
  held?: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
}) {
  if (loading) return <Loader size="sm" aria-label="Loading licenses" />;
  if (failed)
    return (
      <Alert color="red" variant="light">
        Failed to load available services
      </Alert>
    );
  if (!services || services.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Your account has no voice services to give as licenses.
      </Text>
    );
  return (
    <Stack gap="sm" role="group" aria-label="Licenses">
      {services.map((service) => {
        const ticked = selected.includes(service.service_id);
        const wasHeld = held.includes(service.service_id);
        const usedByOthers = service.seats_used === undefined ? undefined : service.seats_used - (wasHeld ? 1 : 0);
        const used = usedByOthers === undefined ? undefined : usedByOthers + (ticked ? 1 : 0);
        const full = !ticked && usedByOthers !== undefined && service.seats !== undefined && usedByOthers >= service.seats;
        return (
          <Checkbox
            key={service.service_id}
            label={service.name}
            description={[seatsText(service.seats, used), service.description].filter(Boolean).join(' · ')}
            checked={ticked}
            disabled={disabled || full}
            onChange={(event) => onChange(event.currentTarget.checked ? [...selected, service.service_id] : selected.filter((id) => id !== service.service_id))}
          />
        );
      })}
    </Stack>
  );
}

/** "2 of 3 seats used · 1 free"; "10 seats" when only the seats are known; nothing when neither is. */
function seatsText(seats: number | undefined, used: number | undefined): string | null {
  if (seats === undefined) return null;
  if (used === undefined) return `${seats} seats`;
  return `${used} of ${seats} seats used · ${Math.max(0, seats - used)} free`;
}
