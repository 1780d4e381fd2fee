import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aStoredSession } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { useColorSchemeOfSignedInUser } from './color-scheme';

function AppliesTheSavedTheme() {
  useColorSchemeOfSignedInUser();
  return null;
}

/** Mantine's "transitions off while the theme changes" style, each time it is added to the document. */
let transitionBlackouts: number;
let observer: MutationObserver;
beforeEach(() => {
  transitionBlackouts = 0;
  observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLStyleElement && node.hasAttribute('data-mantine-disable-transition')) transitionBlackouts += 1;
  });
  observer.observe(document.head, { childList: true });
});
afterEach(() => observer.disconnect());

const shownScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('the signed-in user’s saved theme', () => {
  it('is applied when the browser shows another one', async () => {
    renderWithProviders(<AppliesTheSavedTheme />, { session: aStoredSession({ ui_color_mode: 'dark' }) });
    await waitFor(() => expect(shownScheme()).toBe('dark'));
    await waitFor(() => expect(transitionBlackouts).toBe(1));
  });

  it('costs nothing when the browser already shows it: no document-wide style change at every visit', async () => {
    renderWithProviders(<AppliesTheSavedTheme />, { session: aStoredSession({ ui_color_mode: 'light' }) });
    await waitFor(() => expect(shownScheme()).toBe('light'));
    // effects have run (the scheme attribute is Mantine's own effect); give a late one a moment to show
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transitionBlackouts).toBe(0);
  });
});
