import { AppShell, Burger, Container, Skeleton, Stack } from '@mantine/core';
import type { StoredSession } from '@portal/contract';
import type { CSSProperties, ReactNode } from 'react';
import { APPS_HEADING } from '../../features/apps/components/AppsPage';
import { BILLING_HEADING } from '../../features/billing/components/BillingPage';
import { DASHBOARD_TITLE, dashboardGreeting } from '../../features/dashboard/components/DashboardPage';
import { IT_ASSETS_HEADING, IT_ASSETS_TECHNICAL_DESCRIPTION } from '../../features/inventory/components/ItAssetsPage';
import { VAULT_HEADING } from '../../features/inventory/components/VaultPage';
import { AUDIT_HEADING } from '../../features/audit/components/AuditLogPage';
import { PROFILE_HEADING } from '../../features/profile/components/ProfilePage';
import { SERVICES_TITLE, servicesDescription } from '../../features/services/components/ServicesPage';
import { ADMIN_SUBTITLE, TICKETS_TITLE, USER_SUBTITLE } from '../../features/tickets/ticket-display';
import { USERS_HEADING } from '../../features/users/components/UsersPage';
import { BrandMark } from '../../shared/ui/BrandMark';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PORTAL_SECTIONS, type PortalSection } from '../portal-sections';
import { SIGNED_IN_SKELETON_ID } from '../signed-in-skeleton';
import { SectionBreadcrumb } from './SectionBreadcrumb';
import { SHELL_MAIN_BACKGROUND, ShellHeaderBar, shellLayout } from './ShellFrame';

/** The roles /color-scheme.js reads from the stored session before the first paint, onto <html data-portal-signed-in>. */
type MarkedRole = 'admin_group' | 'billing_group' | 'technical_group';

/**
 * A heading's purpose worded by the user's roles: both wordings are sent, the stylesheet shows `withRole` to a user
 * with any of `roles` (the whole account's tickets: administrators and technical contacts, decision 0031) and
 * `withoutRole` to anyone else.
 */
interface ByRole {
  roles: readonly [MarkedRole, ...MarkedRole[]];
  withRole: string;
  withoutRole: string;
}

/** A text field of the stored session by its path ('firstname', 'account.name'): what /color-scheme.js can fill a slot with. */
type SessionTextField<T = StoredSession> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${SessionTextField<T[K]>}` : never;
}[keyof T & string];

/**
 * A purpose that names the user: worded with empty slots that /color-scheme.js fills from the stored session before
 * the first paint (with textContent) and then marks <html data-portal-session-filled>. Until it has filled every slot
 * (no session, a field missing or empty) the stylesheet shows a grey line instead, never the wording with a gap.
 */
interface FromSession {
  fromSession: ReactNode;
}

/** An empty element of the skeleton's markup that /color-scheme.js fills with `field` of the stored session. */
const sessionSlot = (field: SessionTextField) => <span data-portal-session={field} />;

interface SkeletonHeading {
  title: string;
  /** As the screen words it for this user; where it names the user, with slots the stored session fills. */
  description?: string | ByRole | FromSession;
  /** The width in px of the buttons beside the heading, if it has any: a placeholder as wide keeps the purpose's lines. */
  actionsWidth?: number;
}

/** Each screen's heading as its page writes it (the page's own constants, so the two cannot drift apart). */
const HEADINGS: Record<string, SkeletonHeading> = {
  '/dashboard': { title: DASHBOARD_TITLE, description: { fromSession: dashboardGreeting(sessionSlot('firstname'), sessionSlot('account.name')) } },
  '/apps': APPS_HEADING,
  '/services': {
    title: SERVICES_TITLE,
    description: { roles: ['billing_group'], withRole: servicesDescription(true), withoutRole: servicesDescription(false) },
    actionsWidth: 323,
  },
  '/tickets': {
    title: TICKETS_TITLE,
    description: { roles: ['admin_group', 'technical_group'], withRole: ADMIN_SUBTITLE, withoutRole: USER_SUBTITLE },
    actionsWidth: 145,
  },
  '/profile': PROFILE_HEADING,
  '/billing': BILLING_HEADING,
  '/users': { ...USERS_HEADING, actionsWidth: 132 },
  // Only administrators and technical contacts open it; a technical contact's has no credentials (decision 0031).
  '/it-assets': {
    title: IT_ASSETS_HEADING.title,
    description: { roles: ['admin_group'], withRole: IT_ASSETS_HEADING.description, withoutRole: IT_ASSETS_TECHNICAL_DESCRIPTION },
    actionsWidth: 186,
  },
  '/it-assets/vault': { ...VAULT_HEADING, actionsWidth: 176 },
  '/audit': { ...AUDIT_HEADING, actionsWidth: 136 },
};

/** Over the app (which renders underneath, unseen) until it shows its screen and removes this (SignedInLayout). */
const OVER_THE_APP: CSSProperties = { position: 'fixed', inset: 0, zIndex: 1000, overflow: 'hidden', background: 'var(--mantine-color-body)' };

/**
 * Only for someone signed in: /color-scheme.js marks the document when a session is stored, before the first paint,
 * with the user's roles. A visitor who is not sees the plain page until the app sends them to sign in, as before.
 */
const roleSetsWorded = [
  ...new Set(
    Object.values(HEADINGS).flatMap(({ description }) => (typeof description === 'object' && 'roles' in description ? [description.roles.join(' ')] : [])),
  ),
];
const ONLY_WHEN_SIGNED_IN = [
  `html:not([data-portal-signed-in]) #${SIGNED_IN_SKELETON_ID} { display: none; }`,
  // A wording for roles (their names joined by spaces) is hidden while the user has none of them; the other while
  // the user has any one.
  ...roleSetsWorded.flatMap((roles) => [
    `html${roles
      .split(' ')
      .map((role) => `:not([data-portal-signed-in~="${role}"])`)
      .join('')} #${SIGNED_IN_SKELETON_ID} [data-with-role="${roles}"] { display: none; }`,
    ...roles.split(' ').map((role) => `html[data-portal-signed-in~="${role}"] #${SIGNED_IN_SKELETON_ID} [data-without-role="${roles}"] { display: none; }`),
  ]),
  `html:not([data-portal-session-filled]) #${SIGNED_IN_SKELETON_ID} [data-portal-session-text] { display: none; }`,
  `html[data-portal-session-filled] #${SIGNED_IN_SKELETON_ID} [data-portal-session-placeholder] { display: none; }`,
].join('\n');

/** A purpose as the user's roles word it (ByRole), with the stored session's names (FromSession), or as it is. */
function Purpose({ description }: { description: string | ByRole | FromSession }) {
  if (typeof description === 'string') return description;
  if ('fromSession' in description) return <span data-portal-session-text="">{description.fromSession}</span>;
  return (
    <>
      <span data-with-role={description.roles.join(' ')}>{description.withRole}</span>
      <span data-without-role={description.roles.join(' ')}>{description.withoutRole}</span>
    </>
  );
}

/**
 * The element the server sends before #root on a signed-in screen's address (decision 0022): over the app, shown
 * only to someone signed in, not interactive and hidden from assistive technology (the app's own page, underneath,
 * is the one to use), until the app removes it (app/signed-in-skeleton.ts).
 */
export function SignedInSkeletonOverlay({ children }: { children: ReactNode }) {
  return (
    <div id={SIGNED_IN_SKELETON_ID} aria-hidden="true" inert style={OVER_THE_APP}>
      <style>{ONLY_WHEN_SIGNED_IN}</style>
      {children}
    </div>
  );
}

/**
 * The signed-in shell with placeholders where it shows who is signed in (their name, the sidebar's links, which
 * depend on their roles), and the screen's heading, whose names (the dashboard's greeting) /color-scheme.js fills
 * in the browser. The server renders it once per screen, so a first visit paints the page from the HTML and the
 * stylesheet instead of after the app's scripts; never rendered in the browser, which only fills and removes it.
 */
export function SignedInSkeleton({ section }: { section: PortalSection }) {
  const heading = HEADINGS[section.path] ?? { title: section.label };
  const namesTheUser = typeof heading.description === 'object' && 'fromSession' in heading.description;
  return (
    <AppShell {...shellLayout(false)}>
      <AppShell.Header px="md">
        <ShellHeaderBar
          start={
            <>
              <Burger hiddenFrom="md" size="sm" tabIndex={-1} />
              <BrandMark />
              <SectionBreadcrumb trail={section.breadcrumb} sections={PORTAL_SECTIONS} visibleFrom="md" />
            </>
          }
          end={
            <>
              <Skeleton visibleFrom="sm" height={14} width={140} />
              <Skeleton circle height={36} />
            </>
          }
        />
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Stack gap={8}>
          <Skeleton height={10} width={90} mx="sm" mb={6} />
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height={44} radius="md" />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main style={SHELL_MAIN_BACKGROUND}>
        <Container size="lg" px={0}>
          <SectionBreadcrumb trail={section.breadcrumb} sections={PORTAL_SECTIONS} hiddenFrom="md" mb="sm" />
          <Stack gap="lg">
            <PageHeader
              title={heading.title}
              description={heading.description && <Purpose description={heading.description} />}
              actions={heading.actionsWidth ? <Skeleton height={44} width={heading.actionsWidth} radius="sm" /> : undefined}
            />
            {!heading.description && <Skeleton height={16} maw={420} mt={-12} />}
            {/* Shown while the purpose is hidden (its paragraph empty, 4 px): the same grey line as without a purpose. */}
            {namesTheUser && <Skeleton height={16} maw={420} mt={-16} data-portal-session-placeholder="" />}
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={120} radius="lg" />
            ))}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
