// Before the first paint: applies the saved theme, so a dark page never flashes white, and says whether someone
// is signed in.
// The key is the one the app's colour-scheme manager keeps (src/app/color-scheme.ts).
try {
  var mode = window.localStorage.getItem('portal-color-scheme') || 'auto';
  if (mode === 'auto') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', mode);
  // A session is stored (the app's session store keeps it under this key): the skeleton the server sends on a
  // signed-in screen's address is shown (app/layouts/SignedInSkeleton.tsx); to anyone else the plain page, as before.
  if (window.localStorage.getItem('userDetails')) document.documentElement.setAttribute('data-portal-signed-in', '');
} catch {
  // No storage (private mode): the app applies its default when it starts.
}
