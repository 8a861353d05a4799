import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, memoryStore, useLocation } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { startConsole } from '../../../src/startConsole';
import { consoleTheme } from '../../../src/theme';
import { accountFor, createFakeMsal } from './fakeMsal';

/** Shows the router's current path, so tests can see where a click navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `ui` inside react-admin's context built from the console's real services (startConsole:
 * HTTP layer, dataProvider, authProvider), with only the edges faked: `fetch` (installed by the test)
 * and the MSAL instance. Notifications show as in <Admin>. The session must already be set up (see
 * signInSession).
 */
export async function renderInConsole(ui: ReactNode, { path = '/publications/' }: { path?: string } = {}) {
  const { fake, msal } = createFakeMsal();
  fake.setActiveAccount(accountFor('anne@voorbeeld.nl'));
  const services = await startConsole({ baseUrl: '', createMsal: () => msal });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={services.authProvider}
        dataProvider={services.dataProvider}
        i18nProvider={i18nProvider}
        theme={consoleTheme}
        store={memoryStore()}
      >
        {ui}
        <Notification />
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, fake, services };
}
