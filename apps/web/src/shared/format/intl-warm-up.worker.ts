// Runs once per page in a worker thread (warm-intl.ts): makes the first Intl objects of the kinds the screens make, so
// the renderer process loads ICU's locale, time-zone and number data here rather than on the main thread. The data is
// the process's, shared by every thread, so the screens' own first Intl call then costs a fraction of a millisecond
// instead of 20-80 ms of a phone's main thread (decision 0045). Nothing is sent back but "done".

const now = new Date();
const languages = [...(navigator.languages ?? [navigator.language])].filter(Boolean);
let locale = 'en-US';
try {
  locale = Intl.DateTimeFormat.supportedLocalesOf(languages)[0] ?? locale;
} catch {
  // A malformed language tag: the screens fall back to en-US too (date-time.ts).
}
new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(now);
new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(now);
new Intl.DateTimeFormat(locale, { timeZoneName: 'long' }).format(now);
new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5);
(1234).toLocaleString('en-US');
'a'.localeCompare('b');

self.postMessage('done');
self.close();
