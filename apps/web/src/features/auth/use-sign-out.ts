import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './SessionProvider';

/** Signs out and shows the sign-in screen. */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate('/login', { replace: true });
  }, [signOut, navigate]);
}
