/**
 * The signed-out pages come from the server ready to read and to type into (decision 0022), and work before the app's
 * code has run: this starts the app at the visitor's first sign of intent (a pointer moved or pressed, a key, a focus,
 * a touch, a wheel), not when the page loads, so a visitor who only reads it, and the phone that shows it, pay nothing
 * for code they do not use (decision 0045). A form's submission and a button's click on markup React does not run yet
 * are held and handed to React once it runs that element: after the start, React hydrates the page's parts one by one.
 * The server's forms are never submitted the browser's own way (a GET to the page, the fields in the address).
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'] as const;
/** How long a held submission or click waits for React to take its element over before it is dropped. */
const REPLAY_WAIT_MS = 10_000;

/** Returns how to stop listening (the page never does: its tests do). */
export function startOnIntent(start: () => Promise<void>): () => void {
  const serverForms = new WeakSet<HTMLFormElement>(document.querySelectorAll('form'));
  const held: HTMLElement[] = [];
  /** Until when a form's unhandled submission is tried again (a page React never takes over would loop forever). */
  const deadlines = new WeakMap<HTMLFormElement, number>();
  let started = false;
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = event.type === 'submit' ? target : target?.closest('button, [role="button"]');
    if (!(control instanceof HTMLElement) || runByReact(control)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.includes(control)) return;
    held.push(control);
    if (started) replayOnceRunByReact(control);
  };
  // A submission of a server form that reached the window with nobody handling it (React had the form's element but
  // had not committed it yet): not the browser's way; it is submitted again once React does handle it.
  const guard = (event: Event) => {
    const form = event.target;
    if (event.type !== 'submit' || !(form instanceof HTMLFormElement) || !serverForms.has(form) || event.defaultPrevented) return;
    event.preventDefault();
    const until = deadlines.get(form) ?? Date.now() + REPLAY_WAIT_MS;
    deadlines.set(form, until);
    if (Date.now() <= until) requestAnimationFrame(() => replayOnceRunByReact(form, until));
  };
  // Kept for the page's life: once React runs an element, its events pass untouched.
  document.addEventListener('submit', hold, true);
  document.addEventListener('click', hold, true);
  window.addEventListener('submit', guard);

  const listen = () => {
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  };
  const onIntent = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    start().then(
      () => {
        started = true;
        held.forEach((control) => replayOnceRunByReact(control));
      },
      // The app's code did not arrive (the network dropped): the next sign of intent tries again, and meanwhile nothing
      // held is let through to the browser's own submission.
      listen,
    );
  };
  listen();
  return () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    document.removeEventListener('submit', hold, true);
    document.removeEventListener('click', hold, true);
    window.removeEventListener('submit', guard);
  };
}

/**
 * Whether React has taken the element over (it keeps its fiber on it). React's own property name, read only here: were
 * it ever renamed, held events would wait out REPLAY_WAIT_MS and be dropped, never submitted the browser's way.
 */
function runByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/** Submits or clicks the element again once React runs it (the same element, so React's handlers receive it). */
function replayOnceRunByReact(control: HTMLElement, until = Date.now() + REPLAY_WAIT_MS): void {
  const attempt = () => {
    if (!control.isConnected || Date.now() > until) return;
    if (!runByReact(control)) return void requestAnimationFrame(attempt);
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else control.click();
  };
  attempt();
}
