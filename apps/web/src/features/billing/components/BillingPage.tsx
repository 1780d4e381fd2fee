import { IconReceipt2 } from '@tabler/icons-react';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export function BillingPage() {
  return (
    <PlaceholderPage
      title="Billing"
      description="Your balance, statements, payment history and orders, with card payments and automatic payments."
      icon={IconReceipt2}
    />
  );
}
