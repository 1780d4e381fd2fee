import { AppShell, Burger, Center, Container, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useDeferredValue, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSignedInUser } from '../../shared/session';
import { BrandMark } from '../../shared/ui/BrandMark';
import { useColorSchemeOfSignedInUser } from '../color-scheme';
import { sectionOf, type PortalSection } from '../portal-sections';
import { removeSignedInSkeleton } from '../signed-in-skeleton';
import { AppNavbar } from './AppNavbar';
import { ImpersonationBanner } from './ImpersonationBanner';
import { RefusedScreenNotice } from './RefusedScreenNotice';
import { AccountName, SectionBreadcrumb } from './SectionBreadcrumb';
import { SHELL_MAIN_BACKGROUND, ShellHeaderBar, shellLayout } from './ShellFrame';
import classes from './SignedInLayout.module.css';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { LiveUpdates } from '../LiveUpdates';

interface SignedInLayoutProps {
  sections: PortalSection[];
}

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in shell: a skip link, the header (where you are, for which account, who you are),
 * and the sidebar, which folds behind a burger below desktop width (`md`, 992 px).
 */
export function SignedInLayout({ sections }: SignedInLayoutProps) {
  const [navbarOpened, navbar] = useDisclosure(false);
  const { pathname } = useLocation();
  const { accountName } = useSignedInUser();
  const section = sectionOf(sections, pathname);
  useColorSchemeOfSignedInUser();
  // The screen mounts in a render of its own, just after the shell's: two shorter tasks on a phone's main thread
  // instead of one long commit of both (decision 0022, total blocking time). Later screens change under a mounted shell.
  const shellMounted = useDeferredValue(true, false);
  return (
    <AppShell {...shellLayout(navbarOpened)}>
      <LiveUpdates />
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header px="md">
        <ShellHeaderBar
          start={
            <>
              <Burger
                opened={navbarOpened}
                onClick={navbar.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={navbarOpened}
                aria-controls="portal-navigation"
              />
              <BrandMark />
              {section && <SectionBreadcrumb trail={section.breadcrumb} sections={sections} visibleFrom="md" />}
            </>
          }
          end={
            <>
              <AccountName name={accountName} visibleFrom="sm" />
              <NotificationBell />
              <UserMenu accountName={accountName} />
            </>
          }
        />
      </AppShell.Header>

      <AppShell.Navbar id="portal-navigation" p="md" aria-label="Main navigation">
        <AppNavbar sections={sections} onNavigate={navbar.close} />
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} style={SHELL_MAIN_BACKGROUND}>
        <Container size="lg" px={0}>
          {section && <SectionBreadcrumb trail={section.breadcrumb} sections={sections} hiddenFrom="md" mb="sm" />}
          <ImpersonationBanner />
          <RefusedScreenNotice mainContentId={MAIN_CONTENT_ID} />
          <Suspense
            fallback={
              <Center py={80}>
                <Loader aria-label="Loading page" />
              </Center>
            }
          >
            {shellMounted && (
              <>
                <ScreenShown />
                <Outlet />
              </>
            )}
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * Committed together with the screen (the same Suspense boundary), so the server's skeleton goes in the frame the
 * screen appears in, not before (a blank moment) and not after (hiding it).
 */
function ScreenShown() {
  useLayoutEffect(removeSignedInSkeleton, []);
  return null;
}
