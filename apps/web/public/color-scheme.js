// Before the first paint: applies the saved theme, so a dark page never flashes white, and says whether someone
// is signed in.
// The key is the one the app's colour-scheme manager keeps (src/app/color-scheme.ts).
try {
  var mode = window.localStorage.getItem('portal-color-scheme') || 'auto';
  if (mode === 'auto') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', mode);
  // A session is stored (the app's session store keeps it under this key): the skeleton the server sends on a
  // signed-in screen's address is shown, in the wording of the user's roles (src/app/layouts/SignedInSkeleton.tsx);
  // to anyone else the plain page, as before.
  var session = window.localStorage.getItem('userDetails');
  if (session) {
    var auth = JSON.parse(session).auth || {};
    var roles = ['admin_group', 'billing_group'].filter(function (role) {
      return auth[role] === true;
    });
    document.documentElement.setAttribute('data-portal-signed-in', roles.join(' '));
  }
} catch {
  // No storage (private mode): the app applies its default when it starts.
}
