import { IconServer2 } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function ServicesPage() {
  return (
    <PlaceholderPage
      title="Enterprise Services"
      description="Every voice, hosted and cloud service on your account, with its status, provisioning and monthly cost."
      icon={IconServer2}
    />
  );
}
