import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './SessionProvider';
import { rememberSignedOutReason } from './session-store';
import { isLocalHost, signedOutHomeUrl } from './sign-out';

/**
 * Signs out (docs/product.md §4): revokes the session on the server (failure ignored), clears the stored user
 * and the impersonating flag, then leaves for the portal home with logout=true — or shows /login
 * on a local host, where there is no portal home to go to.
 */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    rememberSignedOutReason('signed-out');
    if (isLocalHost(window.location.hostname)) navigate('/login', { replace: true });
    else window.location.assign(signedOutHomeUrl());
  }, [signOut, navigate]);
}
