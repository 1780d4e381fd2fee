import { Text } from '@mantine/core';
import type { AcceptedAccountUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { licensableServicesQuery, userLicensesQuery } from '../api/users-queries';

/**
 * A user's licenses by service name, for the Users list (decision 0034). Our server lists them with each user; a server
 * that answers only the spec's contact is asked for this user's licenses ({pk, service_id}), named from the services.
 */
export function UserLicenses({ user, size = 'sm' }: { user: AcceptedAccountUser; size?: 'xs' | 'sm' }) {
  if (user.licenses) return <LicenseNames names={user.licenses.map((license) => license.service_name)} size={size} />;
  return <AskedLicenses userId={user.pk} size={size} />;
}

function AskedLicenses({ userId, size }: { userId: number; size: 'xs' | 'sm' }) {
  const held = useQuery(userLicensesQuery(userId));
  const unnamed = held.data?.some((license) => !license.service_name) ?? false;
  const services = useQuery({ ...licensableServicesQuery(), enabled: unnamed });
  if (held.isError) return <LicenseNames names={null} size={size} />;
  if (!held.data || (unnamed && services.isPending))
    return (
      <Text size={size} c="dimmed" aria-label="Loading licenses">
        …
      </Text>
    );
  const nameOf = (serviceId: number) => services.data?.find((service) => service.service_id === serviceId)?.name ?? `Service ${serviceId}`;
  return <LicenseNames names={held.data.map((license) => license.service_name ?? nameOf(license.service_id))} size={size} />;
}

function LicenseNames({ names, size }: { names: string[] | null; size: 'xs' | 'sm' }) {
  if (names === null)
    return (
      <Text size={size} c="dimmed">
        Not known
      </Text>
    );
  if (names.length === 0)
    return (
      <Text size={size} c="dimmed">
        None
      </Text>
    );
  return (
    <Text size={size} style={{ overflowWrap: 'anywhere' }}>
      {names.join(', ')}
    </Text>
  );
}
