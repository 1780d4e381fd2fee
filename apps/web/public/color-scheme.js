// Before the first paint: applies the saved theme, so a dark page never flashes white, and says whether someone
// is signed in (and who, where the server's skeleton names them).
// The key is the one the app's colour-scheme manager keeps (src/app/color-scheme.ts).
(function () {
  var html = document.documentElement;
  try {
    var mode = window.localStorage.getItem('portal-color-scheme') || 'auto';
    if (mode === 'auto') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    html.setAttribute('data-mantine-color-scheme', mode);
    // A session is stored (the app's session store keeps it under this key): the skeleton the server sends on a
    // signed-in screen's address is shown, in the wording of the user's roles (src/app/layouts/SignedInSkeleton.tsx);
    // to anyone else the plain page, as before.
    var stored = window.localStorage.getItem('userDetails');
    if (stored) {
      var session = JSON.parse(stored);
      var auth = session.auth || {};
      var roles = ['admin_group', 'billing_group'].filter(function (role) {
        return auth[role] === true;
      });
      // The stored session keeps the technical flag beside auth (docs/product.md §3), not in it.
      if (session.technical_group === true) roles.push('technical_group');
      html.setAttribute('data-portal-signed-in', roles.join(' '));
      fillSessionSlotsWhileParsing(session);
    }
  } catch {
    // No storage (private mode), or a stored session that cannot be read: the app applies its default when it starts.
  }

  /**
   * The skeleton's wording that names the user (the dashboard's greeting) has empty slots,
   * <span data-portal-session="account.name"></span>, filled with that field of the stored session as text (never as
   * markup: names are user input). <html data-portal-session-filled> says every slot has its name; until then the
   * skeleton's stylesheet shows a grey line instead, so a missing or empty field never shows "Welcome back, .".
   *
   * Why a MutationObserver: this runs in <head>, before the skeleton is parsed. The observer's callback runs at the
   * microtask checkpoint after each of the parser's tasks, before the browser may render, so no paint shows an empty
   * slot even when the parser stops halfway (a slow network delivers the page in pieces and Chromium paints what it
   * has). readystatechange ('interactive': all parsed) alone would come after such a paint; it is where the observer
   * stops, before the app's scripts run, so the app's own rendering is never watched.
   */
  function fillSessionSlotsWhileParsing(session) {
    var everySlotFilled = true;
    function fill() {
      // A slot still empty: just parsed, or its field is missing (looked at again, harmlessly).
      var slots = document.querySelectorAll('[data-portal-session]:empty');
      for (var index = 0; index < slots.length; index += 1) {
        var value = slots[index]
          .getAttribute('data-portal-session')
          .split('.')
          .reduce(function (object, key) {
            return object !== null && typeof object === 'object' ? object[key] : undefined;
          }, session);
        if (typeof value === 'string' && value.trim()) slots[index].textContent = value;
        else everySlotFilled = false;
      }
      if (!everySlotFilled) html.removeAttribute('data-portal-session-filled');
      else if (document.querySelector('[data-portal-session]')) html.setAttribute('data-portal-session-filled', '');
    }
    if (document.readyState !== 'loading') return fill();
    var observer = new MutationObserver(fill);
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', function parsed() {
      document.removeEventListener('readystatechange', parsed);
      observer.disconnect();
      fill();
    });
  }
})();
