import { SupportToolsPanel } from '../features/support-tools/components/SupportToolsPanel';
import { useSignedInUser } from '../shared/session';

/**
 * The IT Asset Manager's Support Tools tab for the signed-in user's own account (docs/product.md
 * §2: the tab receives a customer id and name). It lives in the app layer because one feature
 * never imports another: the app hands it to the IT Asset Manager page.
 */
export function SupportToolsTab() {
  const { accountId, accountName } = useSignedInUser();
  return <SupportToolsPanel customerId={accountId} customerName={accountName} />;
}
