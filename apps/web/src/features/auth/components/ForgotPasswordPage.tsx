import { SignedOutPlaceholder } from './SignedOutPlaceholder';

export function ForgotPasswordPage() {
  return (
    <SignedOutPlaceholder
      title="Reset your password"
      description="Enter the e-mail address of your account here and we will send you a link to choose a new password."
    />
  );
}
