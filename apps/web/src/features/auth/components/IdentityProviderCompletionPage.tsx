import { Button, Center, Loader, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { portalConfig } from '../../../shared/config';
import { useSession } from '../../../shared/session';
import { useCompleteIdentityProviderSignIn } from '../api/identity-provider';
import { AuthScreen, FormFailure } from './AuthScreenParts';

export const COMPLETION_FAILED = 'This sign-in could not be completed. Please sign in again.';

/**
 * Where the identity provider's sign-in lands (decision 0051): the one-time code in the address's fragment is exchanged
 * for the session, once, and the portal opens. The fragment is cleared first, so the code stays in no history entry.
 */
export function IdentityProviderCompletionPage() {
  useDocumentTitle(`Signing in · ${portalConfig.providerName}`);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const complete = useCompleteIdentityProviderSignIn();
  const [code] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('code'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) return;
    complete.mutate(code, {
      onSuccess: (result) => {
        signIn(result);
        navigate('/apps', { replace: true });
      },
    });
  }, [code, complete, signIn, navigate]);

  const failed = !code || complete.isError;
  return (
    <AuthScreen
      title={failed ? 'Sign-in not completed' : 'Signing you in'}
      description={failed ? undefined : 'One moment while the portal opens.'}
      footer={failed ? null : undefined}
    >
      {failed ? (
        <Stack gap="md">
          <FormFailure>{code ? errorMessage(complete.error, COMPLETION_FAILED) : COMPLETION_FAILED}</FormFailure>
          <Button component={Link} to="/login" size="md" fullWidth>
            Back to Sign In
          </Button>
        </Stack>
      ) : (
        <Center py="lg">
          <Loader aria-label="Signing you in" />
        </Center>
      )}
    </AuthScreen>
  );
}
