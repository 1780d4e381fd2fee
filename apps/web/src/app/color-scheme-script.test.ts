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
