import { IconLayoutDashboard } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Key figures for your account at a glance, with a usage chart and your recent activity."
      icon={IconLayoutDashboard}
    />
  );
}
