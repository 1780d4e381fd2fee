import { IconUserCircle } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function ProfilePage() {
  return (
    <PlaceholderPage
      title="Profile"
      description="View and edit your name, e-mail address and time zone, and see which portal permissions you have."
      icon={IconUserCircle}
    />
  );
}
