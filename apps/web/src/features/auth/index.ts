// Eagerly loaded parts of the auth feature; the password pages are imported lazily by their routes.
export {
  SessionProvider,
  useSession,
  type SessionFlags,
  type SessionStatus,
  type SessionUser,
} from './SessionProvider';
export { useSignOut } from './use-sign-out';
export { LoginPage } from './components/LoginPage';
export { ImpersonationBanner } from './components/ImpersonationBanner';
