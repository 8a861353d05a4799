import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Routes } from 'react-router-dom';
import {
  AdminContext,
  type AuthProvider,
  mergeTranslations,
  memoryStore,
  Notification,
  TestMemoryRouter,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createDataProvider } from '../../../src/dataProvider/dataProvider';
import { createHttpClient } from '../../../src/dataProvider/httpClient';
import { withAfterSave } from '../../../src/dataProvider/withAfterSave';
import { withPrefetch } from '../../../src/dataProvider/withPrefetch';
import { prefetchRouteReads } from '../../../src/declarative/prefetchRouteReads';
import { declaredSlideOvers } from '../../../src/declarative/declaredSlideOvers';
import type { ResourceDeclaration } from '../../../src/declarative/resourceDeclaration';
import { declaredRoutes } from '../../../src/declarative/routes';
import { declarativeNl } from '../../../src/i18n/declarative.nl';
import { nl } from '../../../src/i18n/nl';
import { SlideOverStack } from '../../../src/slideover/SlideOverStack';
import type { SlideOverRegistry } from '../../../src/slideover/slideOverTypes';

export const testEnvironmentId = 'env-1';
export const testToken = 'token-1';

/** The real HTTP layer and dataProvider over the declarations; only `fetch` below them is mocked. */
export function createTestDataProvider(resources: readonly ResourceDeclaration[]) {
  const http = createHttpClient({
    baseUrl: '',
    getAccessToken: async () => testToken,
    getEnvironmentId: () => testEnvironmentId,
  });
  return createDataProvider(resources, http);
}

// The console's Dutch messages, with the declarative ones merged as the app does.
const i18nProvider = polyglotI18nProvider(() => mergeTranslations(nl, declarativeNl), 'nl');

export interface RenderOptions {
  /** The URL the app starts at. */
  path?: string;
  /** Slide-overs besides the declared ones. */
  slideOvers?: SlideOverRegistry;
  /** The cache to use; by default one that never retries, so that a failure shows at once. */
  queryClient?: QueryClient;
  /** Start the page's reads before it renders, as the console does on a reload (App, prefetchRouteReads). */
  prefetch?: boolean;
  /** An authProvider, e.g. one with the member's role (react-admin's access control); none by default. */
  authProvider?: AuthProvider;
}

/**
 * Renders declared resources as the console does: their routes, the slide-over host and react-admin's
 * notifications, inside react-admin's context with the real dataProvider, wrapped as the app wraps it.
 */
export function renderDeclarative(
  resources: readonly ResourceDeclaration[],
  {
    path = '/',
    slideOvers = {},
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    prefetch = false,
    authProvider,
  }: RenderOptions = {},
) {
  const prefetching = withPrefetch(createTestDataProvider(resources), resources);
  if (prefetch) prefetchRouteReads(declaredRoutes(resources), path, prefetching.prefetch);
  const dataProvider = withAfterSave(prefetching, resources, queryClient);
  const registry = { ...declaredSlideOvers(resources), ...slideOvers };
  const result = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <Routes>{declaredRoutes(resources)}</Routes>
        <SlideOverStack registry={registry} />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, queryClient, dataProvider };
}
