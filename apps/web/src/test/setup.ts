import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load lazily and Mantine renders a lot in jsdom; on a busy 2-core CI machine a first
// render can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lacks the layout APIs Mantine relies on (colour-scheme and media queries, element resizing).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

// Mantine's ScrollArea and Combobox call these; jsdom has no layout.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.HTMLElement.prototype.scrollTo ??= function scrollTo() {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
