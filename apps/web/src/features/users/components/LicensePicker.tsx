import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import type { LicensableService } from '@portal/contract';

/**
 * The account's voice services as licenses (docs/product.md §9: only itp_voice), each with its
 * seats used and free. A service with no free seat cannot be ticked for someone who lacks it.
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
  services: LicensableService[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: number[];
  /** Licenses the user already has: their seats are already counted as used. */
  held?: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
}) {
  if (loading) return <Loader size="sm" aria-label="Loading licenses" />;
  if (failed) return <Alert color="red" variant="light">Failed to load available services</Alert>;
  if (!services || services.length === 0) return <Text size="sm" c="dimmed">Your account has no voice services to give as licenses.</Text>;
  return (
    <Stack gap="sm" role="group" aria-label="Licenses">
      {services.map((service) => {
        const ticked = selected.includes(service.service_id);
        const wasHeld = held.includes(service.service_id);
        const used = service.seats_used - (wasHeld ? 1 : 0) + (ticked ? 1 : 0);
        const free = Math.max(0, service.seats - used);
        const full = !ticked && service.seats_used - (wasHeld ? 1 : 0) >= service.seats;
        return (
          <Checkbox
            key={service.service_id}
            label={service.name}
            description={`${used} of ${service.seats} seats used · ${free} free${service.description ? ` · ${service.description}` : ''}`}
            checked={ticked}
            disabled={disabled || full}
            onChange={(event) =>
              onChange(event.currentTarget.checked ? [...selected, service.service_id] : selected.filter((id) => id !== service.service_id))
            }
          />
        );
      })}
    </Stack>
  );
}
