import { Grid, Stack } from '@mantine/core';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PermissionSummary } from './PermissionSummary';
import { ProfileDetails } from './ProfileDetails';
import { SecuritySection } from './SecuritySection';
import { NotificationSettings } from './NotificationSettings';

/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const PROFILE_HEADING = {
  title: 'Profile',
  description: 'Your name, e-mail address and time zone, what you may do in the portal, what you hear about, your password and where you are signed in.',
};

export function ProfilePage() {
  const { flags } = useSignedInUser();
  return (
    <Stack gap="xl">
      <PageHeader {...PROFILE_HEADING} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileDetails />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PermissionSummary flags={flags} />
        </Grid.Col>
        <Grid.Col span={12}>
          <NotificationSettings />
        </Grid.Col>
      </Grid>
      <SecuritySection />
    </Stack>
  );
}
