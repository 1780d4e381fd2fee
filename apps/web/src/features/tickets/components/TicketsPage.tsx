import { IconLifebuoy } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function TicketsPage() {
  return (
    <PlaceholderPage
      title="Support Tickets"
      description="Your support tickets with their status and priority, the full conversation, and a place to respond."
      icon={IconLifebuoy}
    />
  );
}
