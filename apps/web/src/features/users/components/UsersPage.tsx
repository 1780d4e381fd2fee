import { IconUsers } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function UsersPage() {
  return (
    <PlaceholderPage
      title="Users"
      description="The people on your account with their roles and licenses, and the tools to add and edit them."
      icon={IconUsers}
    />
  );
}
