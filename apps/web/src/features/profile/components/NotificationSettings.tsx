import { Button, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALWAYS_ON_CATEGORIES,
  EMAIL_DIGESTS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type EmailDigest,
  type NotificationCategory,
  type NotificationPreferences,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import {
  accountNotificationDefaultsQuery,
  notificationPreferencesQuery,
  useSaveAccountNotificationDefaults,
  useSaveNotificationPreferences,
} from '../api/profile-queries';

const DIGEST_LABELS: Record<EmailDigest, string> = { immediately: 'As it happens', daily: 'Once a day', never: 'Never' };
export const SAVE_FAILED = 'Your notification settings could not be saved.';

/**
 * What the user is told and how (issue 35): per category, in the portal and by e-mail; when e-mail goes out; and, for
 * an administrator, every ticket of the account or only their own. Security notices stay on.
 */
export function NotificationSettings() {
  const { flags } = useSignedInUser();
  const query = useQuery(notificationPreferencesQuery());
  return (
    <Paper component="section" aria-labelledby="notification-settings-heading" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="notification-settings-heading">
            Notifications
          </Title>
          <Text size="sm" c="dimmed">
            What you are told about, in the portal and by e-mail.
          </Text>
        </Stack>
        {query.isPending ? (
          <LoadingState label="Loading notification settings" />
        ) : query.isError ? (
          <ErrorState
            title="Notification settings could not be loaded"
            message={errorMessage(query.error, 'Please try again.')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <SettingsForm initial={query.data} scope="mine" />
        )}
        {flags.admin_group && <AccountDefault />}
      </Stack>
    </Paper>
  );
}

/** An administrator's account-wide default, for the users who have not chosen their own. */
function AccountDefault() {
  const query = useQuery(accountNotificationDefaultsQuery());
  return (
    <Stack gap="sm" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Title order={3} fz="md">
        Default for your account
      </Title>
      <Text size="sm" c="dimmed">
        What users who have not chosen for themselves are told.
      </Text>
      {query.isPending ? (
        <LoadingState label="Loading the account default" />
      ) : query.isError ? (
        <ErrorState
          title="The account default could not be loaded"
          message={errorMessage(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <SettingsForm initial={query.data} scope="account" />
      )}
    </Stack>
  );
}

const FORMS = {
  mine: { label: 'Notification settings', save: 'Save notification settings', saved: 'Your notification settings have been saved.', prefix: '' },
  account: {
    label: 'Account notification default',
    save: 'Save account default',
    saved: 'The account’s notification defaults have been saved.',
    prefix: 'Default, ',
  },
} as const;

function SettingsForm({ initial, scope }: { initial: NotificationPreferences & { from_account_default?: boolean }; scope: keyof typeof FORMS }) {
  const { flags } = useSignedInUser();
  const queryClient = useQueryClient();
  const saveMine = useSaveNotificationPreferences();
  const saveDefault = useSaveAccountNotificationDefaults();
  const save = scope === 'mine' ? saveMine : saveDefault;
  const form = FORMS[scope];
  const [values, setValues] = useState<NotificationPreferences>({
    categories: initial.categories,
    email_digest: initial.email_digest,
    all_account_tickets: initial.all_account_tickets,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const setChannel = (category: NotificationCategory, channel: 'in_portal' | 'email', on: boolean) =>
    setValues((current) => ({ ...current, categories: { ...current.categories, [category]: { ...current.categories[category], [channel]: on } } }));

  const submit = () => {
    setFieldErrors({});
    save.mutate(values, {
      onSuccess: ({ message }) => {
        // The account default also changes what applies to those who have not chosen, the administrator included.
        void queryClient.invalidateQueries({ queryKey: notificationPreferencesQuery().queryKey });
        if (scope === 'account') void queryClient.invalidateQueries({ queryKey: accountNotificationDefaultsQuery().queryKey });
        notifications.show({ color: 'green', message: message ?? form.saved });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
        notifications.show({ color: 'red', message: errorMessage(error, SAVE_FAILED) });
      },
    });
  };

  return (
    <form
      aria-label={form.label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {initial.from_account_default && (
          <Text size="sm" c="dimmed">
            You have not chosen yet: your account’s default applies.
          </Text>
        )}
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing="xs" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">About</Table.Th>
                <Table.Th scope="col" ta="center">
                  In the portal
                </Table.Th>
                <Table.Th scope="col" ta="center">
                  By e-mail
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_CATEGORIES.map((category) => {
                const label = NOTIFICATION_CATEGORY_LABELS[category];
                const locked = ALWAYS_ON_CATEGORIES.includes(category);
                return (
                  <Table.Tr key={category}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                      {locked && (
                        <Text size="xs" c="dimmed">
                          Always on
                        </Text>
                      )}
                    </Table.Th>
                    {(['in_portal', 'email'] as const).map((channel) => (
                      <Table.Td key={channel}>
                        <Switch
                          mx="auto"
                          w="fit-content"
                          checked={locked || values.categories[category][channel]}
                          disabled={locked}
                          onChange={(event) => setChannel(category, channel, event.currentTarget.checked)}
                          aria-label={`${form.prefix}${label}: ${channel === 'email' ? 'by e-mail' : 'in the portal'}`}
                          error={fieldErrors[`categories.${category}.${channel}`]}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Select
          label={scope === 'mine' ? 'Send e-mail' : 'Send e-mail (default)'}
          data={EMAIL_DIGESTS.map((digest) => ({ value: digest, label: DIGEST_LABELS[digest] }))}
          value={values.email_digest}
          onChange={(value) => value && setValues((current) => ({ ...current, email_digest: value as EmailDigest }))}
          allowDeselect={false}
          error={fieldErrors.email_digest}
          description={
            values.email_digest === 'daily'
              ? `One summary each morning at 7:00 in ${scope === 'mine' ? 'your' : 'each user’s'} time zone; security notices at once.`
              : undefined
          }
          maw={320}
        />
        {flags.admin_group && (
          <Switch
            label={scope === 'mine' ? 'Tell me about every ticket of my account, not only my own' : 'Administrators hear of every ticket of the account'}
            checked={values.all_account_tickets}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, all_account_tickets: checked }));
            }}
            error={fieldErrors.all_account_tickets}
          />
        )}
        <Button type="submit" loading={save.isPending} w="fit-content">
          {form.save}
        </Button>
      </Stack>
    </form>
  );
}
