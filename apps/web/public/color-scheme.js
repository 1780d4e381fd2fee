// Applies the saved theme before the app starts, so a dark page never flashes white.
// The key is the one the app's colour-scheme manager keeps (src/app/color-scheme.ts).
try {
  var mode = window.localStorage.getItem('portal-color-scheme') || 'auto';
  if (mode === 'auto') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', mode);
} catch {
  // No storage (private mode): the app applies its default when it starts.
}
