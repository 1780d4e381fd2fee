import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { portalCssVariables, portalTheme } from '../shared/ui/theme';
import { colorSchemeManager } from './color-scheme';
import { NotificationsWhenShown } from './NotificationsWhenShown';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={portalTheme} cssVariablesResolver={portalCssVariables} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <NotificationsWhenShown />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
