import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());
