import { IconDeviceDesktopCog } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function ItAssetsPage() {
  return (
    <PlaceholderPage
      title="IT Asset Manager"
      description="Your hardware assets, vendors, stored credentials and support tools, all in one place."
      icon={IconDeviceDesktopCog}
    />
  );
}
