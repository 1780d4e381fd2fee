import { CloseButton, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refusedScreenOf } from '../refused-screen';

/**
 * On /apps after a link to a screen the user may not open (router.tsx sends it there, as spec §2 says): one sentence
 * naming the screen and who can grant it, in a polite live region so that screen readers read it out, dismissible.
 * The region is on the page before its text, also on a first load, because a live region that arrives with its text
 * is not announced. Dismissed, it hands the focus to the main content (`mainContentId`), not to the page's start.
 */
export function RefusedScreenNotice({ mainContentId }: { mainContentId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const refused = location.pathname === '/apps' ? refusedScreenOf(location.state) : undefined;
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => setRegionReady(true), []);

  function dismiss() {
    // The same address without the notice: a reload or Back no longer shows it.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    document.getElementById(mainContentId)?.focus();
  }

  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {regionReady && refused && (
        <Paper component="section" aria-label="Screen not available" withBorder radius="md" px="md" py="sm" mb="lg" data-testid="refused-screen-notice">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" color="brand" radius="xl" size={32} aria-hidden="true" style={{ flexShrink: 0 }}>
                <IconLock size={18} />
              </ThemeIcon>
              <Text size="sm" pt={6} style={{ overflowWrap: 'anywhere' }}>
                {refused.refused}
              </Text>
            </Group>
            <CloseButton aria-label="Dismiss" onClick={dismiss} style={{ flexShrink: 0 }} />
          </Group>
        </Paper>
      )}
    </div>
  );
}
