import {
  IconApps,
  IconDeviceDesktopCog,
  IconLayoutDashboard,
  IconLifebuoy,
  IconLock,
  IconReceipt2,
  IconServer2,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SessionFlags } from '../shared/session';

export const SECTION_GROUPS = ['Workspace', 'Account', 'Administration'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

/** One signed-in screen: its route, its sidebar link and who may see both. */
export interface PortalSection {
  path: string;
  label: string;
  icon: Icon;
  group: SectionGroup;
  /** The route and the link exist only for users with this flag (docs/product.md §2, §6). */
  requires?: 'admin_group' | 'billing_group';
  /** A screen reached from another (the vault, from the IT Asset Manager) has no sidebar link of its own. */
  inSidebar?: false;
  /**
   * Addresses below the section's own that its page shows itself (a ticket's detail over the list),
   * relative, e.g. ':ticketId'. The page stays mounted while they change, so the list keeps its state.
   */
  subPaths?: readonly string[];
  page: LazyExoticComponent<ComponentType>;
}

/** Each screen is its own chunk, loaded on first visit, so the first bundle stays small. */
function lazyPage<Module>(load: () => Promise<Module>, exportName: keyof Module) {
  return lazy(async () => ({ default: (await load())[exportName] as ComponentType }));
}

/** Routes and sidebar come from this one table, so a link never points at an unregistered route. */
export const PORTAL_SECTIONS: readonly PortalSection[] = [
  {
    path: '/dashboard',
    label: 'Dashboard',
    icon: IconLayoutDashboard,
    group: 'Workspace',
    page: lazyPage(() => import('../features/dashboard/components/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/apps',
    label: 'Apps',
    icon: IconApps,
    group: 'Workspace',
    page: lazyPage(() => import('../features/apps/components/AppsPage'), 'AppsPage'),
  },
  {
    path: '/services',
    label: 'Services',
    icon: IconServer2,
    group: 'Workspace',
    page: lazyPage(() => import('../features/services/components/ServicesPage'), 'ServicesPage'),
  },
  {
    path: '/tickets',
    label: 'Support Tickets',
    icon: IconLifebuoy,
    group: 'Workspace',
    subPaths: [':ticketId'],
    page: lazyPage(() => import('../features/tickets/components/TicketsPage'), 'TicketsPage'),
  },
  {
    path: '/profile',
    label: 'Profile',
    icon: IconUserCircle,
    group: 'Account',
    page: lazyPage(() => import('../features/profile/components/ProfilePage'), 'ProfilePage'),
  },
  {
    path: '/billing',
    label: 'Billing',
    icon: IconReceipt2,
    group: 'Account',
    requires: 'billing_group',
    page: lazyPage(() => import('../features/billing/components/BillingPage'), 'BillingPage'),
  },
  {
    path: '/users',
    label: 'Users',
    icon: IconUsers,
    group: 'Administration',
    requires: 'admin_group',
    page: lazyPage(() => import('../features/users/components/UsersPage'), 'UsersPage'),
  },
  {
    path: '/it-assets',
    label: 'IT Assets',
    icon: IconDeviceDesktopCog,
    group: 'Administration',
    requires: 'admin_group',
    page: lazyPage(() => import('../features/it-assets/components/ItAssetsPage'), 'ItAssetsPage'),
  },
  {
    path: '/it-assets/vault',
    label: 'Credential Vault',
    icon: IconLock,
    group: 'Administration',
    requires: 'admin_group',
    inSidebar: false,
    page: lazyPage(() => import('../features/it-assets/components/VaultPage'), 'VaultPage'),
  },
];

export function sectionsFor(flags: SessionFlags): PortalSection[] {
  return PORTAL_SECTIONS.filter((section) => !section.requires || flags[section.requires]);
}
