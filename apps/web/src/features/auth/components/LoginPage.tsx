import { useDocumentTitle } from '@mantine/hooks';
import { portalConfig } from '../../../shared/config';
import { SupportContactCard } from '../../../shared/ui/SupportContactCard';
import { AuthScreen } from './AuthScreenParts';
import { LoginForm } from './LoginForm';

interface LoginPageProps {
  /** Called with the path the sign-in will lead to when the password field is first focused, and on a valid submit. */
  onSigningIn?: (pathname: string) => void;
}

export function LoginPage({ onSigningIn }: LoginPageProps) {
  useDocumentTitle(`Sign in · ${portalConfig.providerName}`);
  return (
    <AuthScreen
      title="Sign in"
      description="Welcome back. Manage your applications, services, tickets and billing in one place."
      footer={<SupportContactCard title="Need help signing in?" />}
    >
      <LoginForm onSigningIn={onSigningIn} />
    </AuthScreen>
  );
}
