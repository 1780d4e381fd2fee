// Eagerly loaded parts of the auth feature; the password pages are imported lazily by their routes.
export { LoginPage } from './components/LoginPage';
