// Setup of the client test project (jsdom): jest-dom matchers, a clean DOM and no silent errors.
import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s instead of 1: a page's first render loads its lazy route
// modules, which on a busy 2-core machine took longer than a second and failed tests that
// were right. What they wait for must still appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; the theme and the sidebar ask it about the screen. A light, wide
// screen is the answer unless a test stubs its own.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

let unexpectedErrors: unknown[][] = [];

beforeEach(() => {
  unexpectedErrors = [];
  const originalError = console.error;
  // React reports act() warnings, key warnings and caught render errors through console.error;
  // each of them is a bug, so a test that logs one fails. A test that expects an error replaces
  // this with its own `vi.spyOn(console, 'error').mockImplementation(() => {})`.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
    originalError(...args);
  });
});

afterEach(() => {
  // Unmount first: effects' cleanups can log too.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();

  // Failing here rather than throwing inside console.error, where React might swallow the throw.
  if (unexpectedErrors.length > 0) {
    const first = unexpectedErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(
      `console.error was called ${String(unexpectedErrors.length)} time(s) during this test; first: ${first}`,
    );
  }
});
