// The console itself (react-admin, MUI, MSAL and the areas): loaded by the small entry (boot/boot.ts)
// once it is needed, or in the background while the login screen shows.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { ConsoleServices } from './startConsole';

export { startConsoleOnce } from './startConsole';
export { signInErrorMessageKey } from './authProvider/signInErrors';

/** Renders the console into the page; `start` hands it its services (started once per page load). */
export function renderConsole(container: HTMLElement, start: () => Promise<ConsoleServices>): void {
  createRoot(container).render(
    <StrictMode>
      <App start={start} />
    </StrictMode>,
  );
}
