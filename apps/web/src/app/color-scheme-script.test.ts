import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aStoredSession } from '../test/fixtures';

/** public/color-scheme.js, run as the browser runs it: before the first paint, from <head>. */
const script = readFileSync(resolve(__dirname, '../../public/color-scheme.js'), 'utf8');
const runScript = () => new Function(script)();
const html = document.documentElement;

afterEach(() => {
  localStorage.clear();
  html.removeAttribute('data-portal-signed-in');
});

describe('/color-scheme.js marks a signed-in visit before the first paint (the server’s skeleton shows for it)', () => {
  it('with the roles the skeleton words a screen’s purpose by', () => {
    localStorage.setItem('userDetails', JSON.stringify(aStoredSession({ billing_group: true })));
    runScript();
    expect(html.getAttribute('data-portal-signed-in')).toBe('billing_group');
  });

  it('with the technical flag, which the stored session keeps beside auth (decision 0031)', () => {
    localStorage.setItem('userDetails', JSON.stringify(aStoredSession({ admin_group: true, technical_group: true })));
    runScript();
    expect(html.getAttribute('data-portal-signed-in')).toBe('admin_group technical_group');
  });

  it('with no role for a user who has none', () => {
    localStorage.setItem('userDetails', JSON.stringify(aStoredSession()));
    runScript();
    expect(html.getAttribute('data-portal-signed-in')).toBe('');
  });

  it('not at all without a stored session, or with one it cannot read', () => {
    runScript();
    expect(html.hasAttribute('data-portal-signed-in')).toBe(false);
    localStorage.setItem('userDetails', '{not json');
    runScript();
    expect(html.hasAttribute('data-portal-signed-in')).toBe(false);
  });
});

describe('/color-scheme.js fills the skeleton’s slots with the stored session’s names before the first paint', () => {
  /** The skeleton's markup as the server sends it (SignedInSkeleton): the wording with empty slots. */
  const GREETING =
    '<p><span data-portal-session-text="">Welcome back, <span data-portal-session="firstname"></span>. Here is <span data-portal-session="account.name"></span> at a glance.</span></p>';
  const slot = (field: string) => document.querySelector(`[data-portal-session="${field}"]`);
  const store = (session: unknown) => localStorage.setItem('userDetails', JSON.stringify(session));
  /** The document as the parser leaves it while it reads the body; the script then runs before the skeleton exists. */
  const whileParsing = () => Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });

  /** The parser is done: the script stops watching the document. */
  const parsed = () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    document.dispatchEvent(new Event('readystatechange'));
  };

  afterEach(() => {
    parsed();
    Reflect.deleteProperty(document, 'readyState');
    document.body.innerHTML = '';
    html.removeAttribute('data-portal-session-filled');
  });

  it('with the first name and the account’s name, as text, and marks the wording filled', () => {
    store(aStoredSession());
    document.body.innerHTML = GREETING;
    runScript();
    expect(slot('firstname')?.textContent).toBe('Dana');
    expect(slot('account.name')?.textContent).toBe('Northwind Traders');
    expect(document.querySelector('p')?.textContent).toBe('Welcome back, Dana. Here is Northwind Traders at a glance.');
    expect(html.hasAttribute('data-portal-session-filled')).toBe(true);
  });

  it('shows markup in a name as the text it is, never as markup (names are user input)', () => {
    const firstname = '<img src=x onerror="window.pwned = true">';
    store(aStoredSession({ firstname, account: { billing_api_id: null, name: 'Smith & <b>Sons</b>' } }));
    document.body.innerHTML = GREETING;
    runScript();
    expect(slot('firstname')?.textContent).toBe(firstname);
    expect(slot('account.name')?.textContent).toBe('Smith & <b>Sons</b>');
    expect(document.querySelectorAll('p img, p b')).toHaveLength(0);
    expect(slot('firstname')?.innerHTML).toBe('&lt;img src=x onerror="window.pwned = true"&gt;');
  });

  it('as the parser inserts them, before the next task (so before any paint), and stops watching once the page is parsed', async () => {
    store(aStoredSession());
    whileParsing();
    runScript();
    // The parser reaches the skeleton after the script has run in <head>.
    document.body.innerHTML = GREETING;
    await Promise.resolve();
    expect(slot('firstname')?.textContent).toBe('Dana');
    expect(slot('account.name')?.textContent).toBe('Northwind Traders');
    expect(html.hasAttribute('data-portal-session-filled')).toBe(true);

    // All parsed: the app's scripts come next, and what they render is theirs.
    parsed();
    document.body.insertAdjacentHTML('beforeend', '<span id="later" data-portal-session="firstname"></span>');
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.getElementById('later')?.textContent).toBe('');
  });

  it('not at all without a stored session: the wording stays hidden (the skeleton too)', () => {
    document.body.innerHTML = GREETING;
    runScript();
    expect(slot('firstname')?.textContent).toBe('');
    expect(html.hasAttribute('data-portal-session-filled')).toBe(false);
  });

  it.each([
    ['no first name', { firstname: undefined }],
    ['an empty first name', { firstname: ' ' }],
    ['no account', { account: undefined }],
    ['an account name that is not text', { account: { billing_api_id: null, name: 42 } }],
  ])('not as filled with %s: the grey line stays, never the wording with a gap', async (_, fields) => {
    store({ ...aStoredSession(), ...fields });
    whileParsing();
    runScript();
    document.body.innerHTML = GREETING;
    await Promise.resolve();
    expect(html.hasAttribute('data-portal-session-filled')).toBe(false);
    expect(html.getAttribute('data-portal-signed-in')).toBe('');
  });

  it('marks nothing filled on a page without slots', () => {
    store(aStoredSession());
    document.body.innerHTML = '<p>Apps</p>';
    runScript();
    expect(html.hasAttribute('data-portal-session-filled')).toBe(false);
  });
});
