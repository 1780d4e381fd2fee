import { AppShell, Burger, Center, Container, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ImpersonationBanner } from './ImpersonationBanner';
import { BrandMark } from '../../shared/ui/BrandMark';
import type { PortalSection } from '../portal-sections';
import { AppNavbar } from './AppNavbar';
import { UserMenu } from './UserMenu';

interface SignedInLayoutProps {
  sections: PortalSection[];
}

/** The signed-in shell: header with the user, sidebar that folds behind a burger below `sm`. */
export function SignedInLayout({ sections }: SignedInLayoutProps) {
  const [navbarOpened, navbar] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navbarOpened}
              aria-controls="portal-navigation"
            />
            <BrandMark />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="portal-navigation" p="md" aria-label="Main navigation">
        <AppNavbar sections={sections} onNavigate={navbar.close} />
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Container size="lg" px={0}>
          <ImpersonationBanner />
          <Suspense
            fallback={
              <Center py={80}>
                <Loader aria-label="Loading page" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
