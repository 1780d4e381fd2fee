import { Alert, Anchor, Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { authEndpoints } from '@portal/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AcceptedLoginResult, TwoFactorChallenge } from '@portal/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api';
import { useTextTypedBeforeHydration } from '../../../shared/forms/use-text-typed-before-hydration';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { isTwoFactorChallenge, useLoginMutation, type LoginCredentials } from '../api/login';
import { pathAfterSignIn } from '../../../shared/navigation';
import { forgetSignedOutReason, signedOutMessage, useSession } from '../../../shared/session';
import { FormFailure, PasswordField } from './AuthScreenParts';

/** The second step of a sign-in with a second factor: its own chunk, loaded only when a sign-in needs it (decision 0049). */
const SecondFactorStep = lazy(async () => ({ default: (await import('./SecondFactorStep')).SecondFactorStep }));
const SignInEnrolmentStep = lazy(async () => ({ default: (await import('./SignInEnrolmentStep')).SignInEnrolmentStep }));
// Sign-in with the account's identity provider (decision 0051): loaded once an e-mail's domain, a sign-in link or a refusal asks.
const IdentityProviderButton = lazy(async () => ({ default: (await import('./IdentityProviderSignIn')).IdentityProviderButton }));
const IdentityProviderRefusalMessage = lazy(async () => ({ default: (await import('./IdentityProviderSignIn')).IdentityProviderRefusalMessage }));

/** The domain of a typed e-mail address once it looks whole (a dot after the @), lower case. */
const domainOf = (email: string) => /@([^@\s]+\.[^@\s.]{2,})$/.exec(email.trim())?.[1]?.toLowerCase() ?? '';

/** docs/product.md §8: the server's message, or this when there is none. */
export const LOGIN_FAILED_MESSAGE = 'Login failed';

interface LoginFormProps {
  /**
   * Called with the path the sign-in will lead to when a sign-in is coming: when the password field is first
   * focused, and again on a valid submit (a password filled in by the browser is never focused). The router
   * starts downloading the signed-in screen then (decision 0022); never on mere page load.
   */
  onSigningIn?: (pathname: string) => void;
}

export function LoginForm({ onSigningIn }: LoginFormProps) {
  const { signIn, notice } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLoginMutation();
  // A failed impersonation sign-in (URL token) lands here with its message (docs/product.md §6/§8).
  const [failure, setFailure] = useState<string | null>(notice);
  // Why the last session ended (signed out, or expired), said once.
  const [signedOut] = useState(signedOutMessage);
  useEffect(forgetSignedOutReason, []);
  const form = useForm<LoginCredentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: zodFormValidator<LoginCredentials>(authEndpoints.login.body),
  });
  useTextTypedBeforeHydration(form);
  // An account's sign-in link (?idp=<domain>) shows its button, a refusal (?idp_error=) says why; the typed e-mail's
  // domain asks for its button. Set after the first render, which matches the server's markup of the page (hydration).
  const [domain, setDomain] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const offerFor = (email: string) => {
    const typed = domainOf(email);
    if (typed) setDomain(typed);
  };
  form.watch('username', ({ value }) => offerFor(value));
  useEffect(() => {
    const query = new URLSearchParams(search);
    setDomain(query.get('idp') ?? '');
    setRefusal(query.get('idp_error'));
    // Text typed before the page became the app (useTextTypedBeforeHydration took it over in its effect, just before).
    offerFor(form.getValues().username);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  // The address a signed-out visit was sent here from (?next=, same-origin paths only), or /apps.
  const destination = pathAfterSignIn(search);
  const signingIn = () => onSigningIn?.(new URL(destination, window.location.origin).pathname);
  const signingInSignalled = useRef(false);
  const passwordProps = form.getInputProps('password');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const signedIn = (result: AcceptedLoginResult) => {
    signIn(result);
    navigate(destination, { replace: true });
  };
  // A passkey alone (decision 0050): its code and SimpleWebAuthn load on the press, not with the page (the bundle budget).
  const signInWithPasskey = async () => {
    setFailure(null);
    setPasskeyPending(true);
    signingIn();
    try {
      const passkeys = await import('../api/passkey-sign-in');
      await passkeys.signInWithPasskey().then(signedIn, (error: unknown) => setFailure(passkeys.passkeyFailure(error, LOGIN_FAILED_MESSAGE)));
    } catch (error) {
      setFailure(errorMessage(error, LOGIN_FAILED_MESSAGE));
    }
    setPasskeyPending(false);
  };

  const submit = form.onSubmit((credentials) => {
    setFailure(null);
    signingIn();
    login.mutate(credentials, {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) {
          form.setFieldValue('password', '');
          setChallenge(result);
        } else signedIn(result);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fields);
        setFailure(errorMessage(error, LOGIN_FAILED_MESSAGE));
      },
    });
  });

  if (challenge) {
    const restart = (message: string | null) => {
      setChallenge(null);
      setFailure(message);
    };
    return (
      <Suspense fallback={<Loader aria-label="Loading the second step" />}>
        {challenge.enrolment_required ? (
          <SignInEnrolmentStep challenge={challenge} email={form.getValues().username} onSignedIn={signedIn} onRestart={restart} />
        ) : (
          <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={restart} />
        )}
      </Suspense>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {failure ? (
          <FormFailure>{failure}</FormFailure>
        ) : refusal ? (
          <Suspense>
            <IdentityProviderRefusalMessage reason={refusal} />
          </Suspense>
        ) : (
          signedOut && (
            <Alert color="brand" variant="light" role="status" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
              {signedOut}
            </Alert>
          )
        )}
        <TextInput
          label="Username"
          placeholder="you@company.com"
          autoComplete="username"
          inputMode="email"
          required
          size="md"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <Stack gap={6}>
          <PasswordField
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            key={form.key('password')}
            {...passwordProps}
            onFocus={(event) => {
              passwordProps.onFocus?.(event);
              if (signingInSignalled.current) return;
              signingInSignalled.current = true;
              signingIn();
            }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" fw={500}>
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        {domain && (
          <Suspense>
            <IdentityProviderButton domain={domain} email={form.getValues().username || undefined} />
          </Suspense>
        )}
        <Button variant="default" size="md" fullWidth loading={passkeyPending} onClick={() => void signInWithPasskey()}>
          Sign in with a passkey
        </Button>
      </Stack>
    </form>
  );
}
