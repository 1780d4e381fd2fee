import type { AppConfig } from '../../config/index.js';
import type { CallerAccess } from '../auth/index.js';

/** One launcher tile and the service item types that bring it (docs/product.md §2, Apps launcher). */
export interface AppDefinition {
  id: string;
  itemTypes: readonly string[];
  name: string;
  description: string;
  /** A name the web app maps to an icon; the server never sends markup. */
  icon: string;
  colour: string;
  /** token: the address carries a one-time launch token and v2={api_id}; external: a plain link; internal: a portal route. */
  opens: 'token' | 'external' | 'internal';
  address: string;
  /** Who gets the tile, as an endpoint's access says who may call it: the IT Asset Manager's is 'technical', as its calls are (docs/decisions/0031). */
  audience: CallerAccess;
}

/** The tiles in the order the launcher shows them; addresses of external apps come from configuration. */
export function appCatalogue(apps: AppConfig['apps']): AppDefinition[] {
  return [
    {
      id: 'itp_voice',
      itemTypes: ['itp_voice'],
      name: 'ITP Voice',
      description: 'Calls, extensions, voicemail, call queues and recordings for your phone system.',
      icon: 'phone',
      colour: 'blue',
      opens: 'token',
      address: apps.voice,
      audience: 'user',
    },
    {
      id: 'paylink360',
      itemTypes: ['paylink360'],
      name: 'PayLink360',
      description: 'Send payment links and take card payments for your invoices.',
      icon: 'credit-card',
      colour: 'teal',
      opens: 'token',
      address: apps.paylink,
      audience: 'user',
    },
    {
      id: 'office365',
      itemTypes: ['office365'],
      name: 'Microsoft 365',
      description: 'Outlook, Teams, Word, Excel and OneDrive for your organization.',
      icon: 'brand-office',
      colour: 'orange',
      opens: 'external',
      address: apps.office365,
      audience: 'user',
    },
    {
      id: 'google_workspace',
      itemTypes: ['google_workspace', 'google_apps'],
      name: 'Google Workspace',
      description: 'Gmail, Drive, Calendar and Meet for your organization.',
      icon: 'brand-google',
      colour: 'red',
      opens: 'external',
      address: apps.googleWorkspace,
      audience: 'user',
    },
    {
      id: 'it_managed_services',
      itemTypes: ['it_managed_services'],
      name: 'IT Asset Manager',
      description: 'Your IT assets, vendors, stored credentials and support tools.',
      icon: 'server-cog',
      colour: 'grape',
      opens: 'internal',
      address: '/it-assets',
      audience: 'technical',
    },
  ];
}
