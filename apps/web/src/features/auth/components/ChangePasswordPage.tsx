import { SignedOutPlaceholder } from './SignedOutPlaceholder';

export function ChangePasswordPage() {
  return (
    <SignedOutPlaceholder
      title="Choose a new password"
      description="Set a new password for your account with the link from your reset e-mail."
    />
  );
}
