import { IconApps } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function AppsPage() {
  return (
    <PlaceholderPage
      title="Apps"
      description="Launch the applications your account subscribes to, such as voice, PayLink360 and Microsoft 365, from one set of tiles."
      icon={IconApps}
    />
  );
}
