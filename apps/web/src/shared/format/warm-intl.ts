/**
 * Starts the Intl warm-up worker (intl-warm-up.worker.ts) while the page is still loading, so the ICU data the dates,
 * times and amounts need is loaded off the main thread before the first screen formats one (decision 0045). Without a
 * Worker (an old browser, the tests' DOM) or when it fails, nothing changes: the first Intl call loads the data itself.
 */
export function warmIntlOffMainThread(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm-up' });
    const stop = () => worker.terminate();
    worker.addEventListener('message', stop, { once: true });
    worker.addEventListener('error', stop, { once: true });
  } catch {
    // Refused (a content security policy without workers): the main thread loads the data on first use.
  }
}
