import { Paper, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { signInPolicyQuery, useUpdateSignInPolicy } from '../api/users-queries';
import { UPDATE_FAILED } from '../user-display';

/**
 * The account's sign-in rule (decision 0049): require two-step sign-in of every user. Left out where the API has no
 * such call (an API as the spec describes it) or while it loads.
 */
export function SignInPolicyPanel() {
  const policy = useQuery(signInPolicyQuery());
  const update = useUpdateSignInPolicy();
  if (!policy.data) return null;
  const required = update.isPending ? update.variables : policy.data.two_factor_required;
  return (
    <Paper component="section" aria-label="Sign-in rules" withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Switch
        checked={required}
        disabled={update.isPending}
        label="Require two-step sign-in for every user"
        description={
          <Text component="span" size="xs" c="dimmed">
            Users who have not set it up are asked to, right after their password at their next sign-in. Sign-ins already open stay open.
          </Text>
        }
        onChange={(event) =>
          update.mutate(event.currentTarget.checked, {
            onSuccess: ({ two_factor_required }) =>
              notifications.show({
                color: 'green',
                message: two_factor_required ? 'Every user now signs in with two-step sign-in.' : 'Two-step sign-in is now each user’s choice.',
              }),
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, UPDATE_FAILED) }),
          })
        }
      />
    </Paper>
  );
}
