import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnIntent } from './start-on-intent';

/** What React leaves on an element it has hydrated (start-on-intent.ts reads it). */
const hydrate = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

function signInForm() {
  document.body.innerHTML = '<form><input name="username" /><button type="submit">Sign in</button></form>';
  return { form: document.querySelector('form')!, button: document.querySelector('button')! };
}

/** Waits, on real timers, until `check` holds (the replay polls on animation frames). */
async function waitFor(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`still not so after ${ms} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const stops: (() => void)[] = [];
const listen = (start: () => Promise<void>) => stops.push(startOnIntent(start));

describe('startOnIntent (decision 0045)', () => {
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    document.body.innerHTML = '';
  });

  it('starts the app at the first sign of intent, once, and not on load', async () => {
    const start = vi.fn(async () => {});
    listen(start);
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();

    document.dispatchEvent(new Event('pointermove'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a submission made before the app runs the form, and hands it to the form once it does', async () => {
    const { form } = signInForm();
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    let finishStart = () => {};
    listen(() => new Promise<void>((resolve) => (finishStart = resolve)));

    const early = new SubmitEvent('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true); // never the browser's own submission (the password in the address)

    form.addEventListener('submit', submitted);
    document.dispatchEvent(new Event('focusin'));
    finishStart();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitted).not.toHaveBeenCalled(); // the app runs, but not this form yet

    hydrate(form);
    await waitFor(() => submitted.mock.calls.length === 1);
  });

  it('lets events through to elements the app runs, and holds a click on a button it does not run yet', async () => {
    const { button } = signInForm();
    listen(async () => {});
    hydrate(button);
    const click = new MouseEvent('click', { cancelable: true, bubbles: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);

    const other = document.createElement('button');
    document.body.append(other);
    const early = new MouseEvent('click', { cancelable: true, bubbles: true });
    other.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
  });

  it('never lets a server form go the browser’s way: a submission nobody handled is stopped, and sent again once handled', async () => {
    const { form } = signInForm();
    listen(async () => {});
    hydrate(form); // React has the element, but (as between its render and its commit) no handler answers yet
    const unanswered = new SubmitEvent('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(unanswered);
    expect(unanswered.defaultPrevented).toBe(true);

    const handled = vi.fn((event: SubmitEvent) => event.preventDefault());
    form.addEventListener('submit', handled);
    await waitFor(() => handled.mock.calls.length === 1);
  });

  it('tries again at the next sign of intent when the app’s code did not arrive, still holding submissions', async () => {
    const { form } = signInForm();
    const start = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    listen(start);

    document.dispatchEvent(new Event('touchstart'));
    await waitFor(() => start.mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const meanwhile = new SubmitEvent('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(meanwhile);
    expect(meanwhile.defaultPrevented).toBe(true);

    document.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(2);
  });
});
