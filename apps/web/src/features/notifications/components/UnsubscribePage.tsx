import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notificationsEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { apiCallWithMessage, errorMessage } from '../../../shared/api';
import { portalConfig } from '../../../shared/config';

export const UNSUBSCRIBE_FAILED = 'This unsubscribe link did not work. Change your e-mail settings on your profile instead.';

/**
 * Where a notification mail's "Stop e-mails about …" leads (decision 0046), signed in or out: it asks before it
 * unsubscribes, so a mail scanner opening the link changes nothing; mail programs use the one-click POST instead.
 */
export function UnsubscribePage() {
  useDocumentTitle(`Unsubscribe · ${portalConfig.providerName}`);
  const [search] = useSearchParams();
  // Not `token`: the session takes a `?token=` on any address as an impersonation sign-in (spec §6).
  const token = search.get('link') ?? '';
  const unsubscribe = useMutation({ mutationFn: () => apiCallWithMessage(notificationsEndpoints.unsubscribeFromEmail, { query: { token } }) });
  return (
    <Paper withBorder radius="lg" p="lg" maw={520} mx="auto">
      <Stack gap="md">
        <Title order={1} fz={24}>
          Unsubscribe
        </Title>
        {unsubscribe.isSuccess ? (
          <Alert color="green" variant="light" title="Done">
            {unsubscribe.data.message ?? 'You will no longer get these e-mails.'} You can turn them on again on your profile.
          </Alert>
        ) : (
          <>
            <Text>Stop getting e-mails of this kind? You will still see them in the portal.</Text>
            {unsubscribe.isError && (
              <Alert color="red" variant="light" title="Not unsubscribed">
                {errorMessage(unsubscribe.error, UNSUBSCRIBE_FAILED)}
              </Alert>
            )}
            <Button w="fit-content" onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending} disabled={!token}>
              Unsubscribe
            </Button>
          </>
        )}
        <Anchor component={Link} to="/profile" size="sm">
          Choose what you are told on your profile
        </Anchor>
      </Stack>
    </Paper>
  );
}
