import {
  IconApps,
  IconBell,
  IconDeviceDesktopCog,
  IconHistory,
  IconLayoutDashboard,
  IconLifebuoy,
  IconLock,
  IconReceipt2,
  IconServer2,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { flagsGrant, type ScreenAccess, type SessionFlags } from '../shared/session';

/** The sidebar's headings; a screen's breadcrumb starts with its group's name, as the spec's Admin / Users and Finance / Billing do. */
export const SECTION_GROUPS = ['Workspace', 'Account', 'Finance', 'Admin'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

/** One signed-in screen: its route, its sidebar link and who may see both. */
export interface PortalSection {
  path: string;
  label: string;
  icon: Icon;
  group: SectionGroup;
  /**
   * The route and the link exist only for users whose flags grant this (docs/product.md §2, §6): 'technical' is
   * administrators and technical contacts (docs/decisions/0031).
   */
  requires?: ScreenAccess;
  /**
   * For a screen that `requires`: what someone without it is told on /apps, where a link to the screen lands them
   * (one sentence: which screen, and who can grant it).
   */
  refused?: string;
  /** A screen reached from another (the vault, from the IT Asset Manager) has no sidebar link of its own. */
  inSidebar?: false;
  /** Where the screen sits, shown in the shell's header (docs/product.md §2: Admin / Users, Finance / Billing). */
  breadcrumb: readonly string[];
  /**
   * Addresses below the section's own that its page shows itself (a ticket's detail over the list),
   * relative, e.g. ':ticketId'. The page stays mounted while they change, so the list keeps its state.
   */
  subPaths?: readonly string[];
  page: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's code without showing it (on "Sign in", for the screen it leads to). */
  preload: () => Promise<unknown>;
  /**
   * Starts fetching what the screen opens with (at the address's query, `search`) when a signed-in visit or a
   * sign-in leads to it, beside its code rather than after it has arrived and rendered (decision 0022); the screen's
   * own queries then find the answers on their way. A screen without it fetches when it renders.
   */
  prefetch?: (client: QueryClient, search: string, flags: SessionFlags) => Promise<unknown>;
}

/** Each screen is its own chunk, loaded on first visit (or preloaded), so the first bundle stays small. */
function lazyScreen(load: () => Promise<ComponentType>): Pick<PortalSection, 'page' | 'preload'> {
  return { page: lazy(async () => ({ default: await load() })), preload: load };
}

/** Routes and sidebar come from this one table, so a link never points at an unregistered route. */
export const PORTAL_SECTIONS: readonly PortalSection[] = [
  {
    path: '/dashboard',
    label: 'Dashboard',
    breadcrumb: ['Workspace', 'Dashboard'],
    icon: IconLayoutDashboard,
    group: 'Workspace',
    ...lazyScreen(async () => (await import('../features/dashboard/components/DashboardPage')).DashboardPage),
    prefetch: async (client) => (await import('../features/dashboard/api/dashboard-queries')).prefetchDashboardScreen(client),
  },
  {
    path: '/apps',
    label: 'Apps',
    breadcrumb: ['Workspace', 'Apps'],
    icon: IconApps,
    group: 'Workspace',
    ...lazyScreen(async () => (await import('../features/apps/components/AppsPage')).AppsPage),
    prefetch: async (client) => (await import('../features/apps/api/apps-queries')).prefetchAppsScreen(client),
  },
  {
    path: '/services',
    label: 'Services',
    breadcrumb: ['Workspace', 'Services'],
    icon: IconServer2,
    group: 'Workspace',
    ...lazyScreen(async () => (await import('../features/services/components/ServicesPage')).ServicesPage),
    prefetch: async (client) => (await import('../features/services/api/services-queries')).prefetchServicesScreen(client),
  },
  {
    path: '/tickets',
    label: 'Support Tickets',
    breadcrumb: ['Workspace', 'Support Tickets'],
    icon: IconLifebuoy,
    group: 'Workspace',
    subPaths: [':ticketId'],
    ...lazyScreen(async () => (await import('../features/tickets/components/TicketsPage')).TicketsPage),
    prefetch: async (client, search) => (await import('../features/tickets/api/tickets-queries')).prefetchTicketsScreen(client, search),
  },
  {
    path: '/profile',
    label: 'Profile',
    breadcrumb: ['Account', 'Profile'],
    icon: IconUserCircle,
    group: 'Account',
    ...lazyScreen(async () => (await import('../features/profile/components/ProfilePage')).ProfilePage),
  },
  {
    path: '/notifications',
    label: 'Notifications',
    breadcrumb: ['Account', 'Notifications'],
    icon: IconBell,
    group: 'Account',
    // Reached from the header's bell.
    inSidebar: false,
    ...lazyScreen(async () => (await import('../features/notifications/components/NotificationsPage')).NotificationsPage),
  },
  {
    path: '/billing',
    label: 'Billing',
    breadcrumb: ['Finance', 'Billing'],
    icon: IconReceipt2,
    group: 'Finance',
    requires: 'billing',
    refused: "You don't have access to Billing. Ask an administrator of your account for billing access.",
    ...lazyScreen(async () => (await import('../features/billing/components/BillingPage')).BillingPage),
  },
  {
    path: '/users',
    label: 'Users',
    breadcrumb: ['Admin', 'Users'],
    icon: IconUsers,
    group: 'Admin',
    requires: 'admin',
    refused: "You don't have access to Users. Ask an administrator of your account for administrator access.",
    ...lazyScreen(async () => (await import('../features/users/components/UsersPage')).UsersPage),
    prefetch: async (client) => (await import('../features/users/api/users-queries')).prefetchUsersScreen(client),
  },
  {
    path: '/it-assets',
    label: 'IT Asset Manager',
    breadcrumb: ['Admin', 'IT Asset Manager'],
    icon: IconDeviceDesktopCog,
    group: 'Admin',
    // Decision 0031: technical contacts too, without the credential vault.
    requires: 'technical',
    refused: "You don't have access to the IT Asset Manager. Ask an administrator of your account for technical or administrator access.",
    // The Support Tools tab is the support-tools feature's; the app hands it to the page.
    ...lazyScreen(async () => {
      const [{ ItAssetsPage }, { SupportToolsTab }] = await Promise.all([import('../features/inventory/components/ItAssetsPage'), import('./SupportToolsTab')]);
      return () => createElement(ItAssetsPage, { supportToolsTab: createElement(SupportToolsTab) });
    }),
    prefetch: async (client, _search, flags) =>
      (await import('../features/inventory/api/inventory-queries')).prefetchItAssetsScreen(client, { withVault: flags.admin_group }),
  },
  {
    path: '/it-assets/vault',
    label: 'Credential Vault',
    breadcrumb: ['Admin', 'IT Asset Manager', 'Credential Vault'],
    icon: IconLock,
    group: 'Admin',
    requires: 'admin',
    refused: "You don't have access to the Credential Vault. Ask an administrator of your account for administrator access.",
    inSidebar: false,
    ...lazyScreen(async () => (await import('../features/inventory/components/VaultPage')).VaultPage),
    prefetch: async (client) => (await import('../features/inventory/api/inventory-queries')).prefetchVaultScreen(client),
  },
  {
    path: '/audit',
    label: 'Audit log',
    breadcrumb: ['Admin', 'Audit log'],
    icon: IconHistory,
    group: 'Admin',
    requires: 'admin',
    refused: "You don't have access to the Audit log. Ask an administrator of your account for administrator access.",
    ...lazyScreen(async () => (await import('../features/audit/components/AuditLogPage')).AuditLogPage),
  },
];

export function sectionsFor(flags: SessionFlags): PortalSection[] {
  return PORTAL_SECTIONS.filter((section) => !section.requires || flagsGrant(flags, section.requires));
}

/**
 * The screen at this address that these sections leave out (a colleague's link to /billing, for a user without
 * billing access): the router sends the address to /apps like an unknown one, and /apps says why.
 */
export function refusedSectionAt(sections: readonly PortalSection[], pathname: string): PortalSection | undefined {
  return PORTAL_SECTIONS.find((section) => section.requires && !sections.includes(section) && matchesSection(section, pathname));
}

/** The address is the section's own or one of its sub-addresses (/tickets/42). */
export function matchesSection({ path, subPaths = [] }: Pick<PortalSection, 'path' | 'subPaths'>, pathname: string): boolean {
  return [path, ...subPaths.map((sub) => `${path}/${sub}`)].some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The section a path belongs to: the longest section path it starts with (/tickets/42 is Support Tickets). */
export function sectionOf(sections: readonly PortalSection[], pathname: string): PortalSection | undefined {
  return sections.filter((section) => pathname === section.path || pathname.startsWith(`${section.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}
