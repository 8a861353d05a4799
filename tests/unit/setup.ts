import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The unit project runs its files one after another in one jsdom (isolate: false, see vite.config.ts).
// This file runs before each of them: each starts from what a fresh jsdom would hold.
if (typeof window !== 'undefined') {
  document.body.innerHTML = '';
  document.title = '';
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  // jsdom has no matchMedia; a file's setViewport (support/viewport.ts) must not reach the next file.
  Reflect.deleteProperty(window, 'matchMedia');
}

// Rendering MUI in jsdom takes seconds on a busy machine (250 rows, debounced search; CI runs the unit
// files beside the server and browser suites at load 5-20): what a test waits for may take up to 15 s.
// A test that passes waits only as long as it must.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());
