import { Center, Loader, Paper, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { portalConfig } from '../../shared/config';
import { BrandMark } from '../../shared/ui/BrandMark';
import classes from './SignedOutLayout.module.css';

/** Sign-in, password reset and password change: one centred card under the provider's brand. */
export function SignedOutLayout() {
  return (
    <div className={classes.page}>
      <header className={classes.brand}>
        <BrandMark inverted size="lg" />
        <Text className={classes.tagline} size="sm" visibleFrom="xs">
          Your services, support and billing in one place.
        </Text>
      </header>
      <main className={classes.main}>
        <Paper className={classes.card} radius="lg" p={{ base: 'lg', xs: 36 }}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label="Loading" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Paper>
      </main>
      <footer className={classes.footer}>
        <Text size="xs" c="dimmed">
          {/* The server prerenders this page once, at start-up (src/prerender.tsx), and its year may not be the
              browser's (a new year since, another time zone): hydration keeps the server's year instead of failing. */}
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {portalConfig.providerName} · Customer Portal
        </Text>
      </footer>
    </div>
  );
}
