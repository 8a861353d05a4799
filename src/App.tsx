import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { LoginPage } from './authProvider/LoginPage';
import { createConsoleQueryClient } from './dataProvider/queryClient';
import { withAfterSave } from './dataProvider/withAfterSave';
import { preloadRoute } from './declarative/preloadRoute';
import { prefetchRouteReads } from './declarative/prefetchRouteReads';
import { readSession } from './authProvider/session';
import { hasSignedInSession } from './boot/signInState';
import { declaredPageRoutes, declaredResources, declaredRoutes } from './declarative/routes';
import { homePath } from './environments/useSwitchEnvironment';
import { i18nProvider } from './i18n/i18nProvider';
import { loginNl } from './boot/texts';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotFoundPage';
import { StartupScreen } from './layout/StartupScreen';
import { prefetchShellReads } from './layout/prefetchShellReads';
import { pages, resources } from './resources';
import { startConsoleOnce, type ConsoleServices } from './startConsole';
import { consoleTheme } from './theme';

// One list of routes, all declared: the resources' pages, then the pages of no resource.
const routes = [
  ...declaredRoutes(resources),
  ...declaredPageRoutes(pages),
  <Route key="home" path="/" element={<Navigate to={homePath} replace />} />,
];

// The page being opened loads its code now, next to the console's own start, not after it.
preloadRoute(routes, window.location.pathname);

/** react-admin's loading screen (auth checks): the same spinner as at start. */
const Spinner = () => <StartupScreen />;

type StartState =
  { status: 'starting' } | { status: 'failed' } | { status: 'ready'; services: ConsoleServices };

interface AppProps {
  /** How the console starts; tests pass startConsole with a stand-in for MSAL. */
  start?: () => Promise<ConsoleServices>;
}

export function App({ start = startConsoleOnce }: AppProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<StartState>({ status: 'starting' });
  // react-admin's cache, shared with the dataProvider so that every save refreshes what it changed.
  const [queryClient] = useState(createConsoleQueryClient);
  const services = state.status === 'ready' ? state.services : undefined;
  const dataProvider = useMemo(
    () => services && withAfterSave(services.dataProvider, resources, queryClient),
    [services, queryClient],
  );

  // Stable, so that the failure screen's automatic retry is not restarted by a render.
  const retry = useCallback(() => {
    setState({ status: 'starting' });
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    let current = true;
    start().then(
      (services) => {
        if (!current) return;
        // On a reload of a signed-in tab, the page's data is asked for next to the theme and layout.
        if (hasSignedInSession(readSession())) {
          prefetchRouteReads(routes, window.location.pathname, services.dataProvider.prefetch);
          prefetchShellReads(services, queryClient);
        }
        setState({ status: 'ready', services });
      },
      (error: unknown) => {
        console.error('The console could not start', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [start, attempt, queryClient]);

  if (!services || !dataProvider) {
    return (
      <StartupScreen
        // Every attempt before this one failed: the automatic retry waits longer each time.
        failures={attempt + 1}
        onRetry={state.status === 'failed' ? retry : undefined}
      />
    );
  }

  return <ConsoleRouter services={services} dataProvider={dataProvider} queryClient={queryClient} />;
}

interface ConsoleRouterProps {
  services: ConsoleServices;
  dataProvider: ConsoleServices['dataProvider'];
  queryClient: QueryClient;
}

/**
 * Real paths (no hash): deep links such as /recievers/lists/abc survive a reload (the server falls back
 * to index.html), and MSAL's redirect answer in the hash does not collide with the router. A data router
 * (one catch-all route around react-admin), so that forms can ask before unsaved changes are left
 * (react-admin's `warnWhenUnsavedChanges` needs react-router's blocker).
 */
function ConsoleRouter({ services, dataProvider, queryClient }: ConsoleRouterProps) {
  const { authProvider } = services;
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '*',
        element: (
          <Admin
            authProvider={authProvider}
            dataProvider={dataProvider}
            queryClient={queryClient}
            i18nProvider={i18nProvider}
            theme={consoleTheme}
            layout={Layout}
            loginPage={LoginPage}
            loading={Spinner}
            catchAll={NotFoundPage}
            title={loginNl.title}
            requireAuth
            disableTelemetry
          >
            <CustomRoutes>{routes}</CustomRoutes>
            {declaredResources(resources)}
          </Admin>
        ),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}
