import type { ComponentType, ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Resource, ResourceContextProvider } from 'react-admin';
import { isCustomView } from './formViews';
import { lazyView } from './lazyView';
import { detailPageReads } from './pageReads';
import { detailLazyParts, type DetailViewName } from './detailView';
import type { PageDeclaration } from './pageDeclaration';
import type { RouteHandle } from './routeHandle';
import { NotYetAvailable } from '../layout/NotYetAvailable';
import type { ExtraPage, ResourceDeclaration } from './resourceDeclaration';

// Loaded with the first page that needs them, not with the login screen.
const DeclaredTable = lazyView(() => import('./DeclaredTable'), 'DeclaredTable');
const DeclaredFormPage = lazyView(() => import('./DeclaredFormPage'), 'DeclaredFormPage');
const DeclaredDetail = lazyView(() => import('./DeclaredDetail'), 'DeclaredDetail');

/**
 * The pages of the declared resources as `<Route>`s for `<CustomRoutes>`: the console's routes are
 * the spec's ('/recievers/lists/'), not react-admin's '/{resource}' ones. Each page runs inside its
 * resource's context.
 */
export function declaredRoutes(resources: readonly ResourceDeclaration[]): ReactElement[] {
  return resources.flatMap(routesOf);
}

/** The declared pages that belong to no resource as `<Route>`s; a page not built yet says so. */
export function declaredPageRoutes(pages: readonly PageDeclaration[]): ReactElement[] {
  return pages.map((page) => (
    <Route
      key={page.path}
      path={page.path}
      element={
        'component' in page ? (
          custom(page.component)
        ) : (
          <NotYetAvailable area={page.notYetAvailable} icon={page.icon} />
        )
      }
    />
  ));
}

/**
 * The declared resources as react-admin `<Resource>`s without views of their own: they give
 * react-admin the names, labels and record representations (for references, titles, notifications).
 */
export function declaredResources(resources: readonly ResourceDeclaration[]): ReactElement[] {
  return resources.map((declaration) => (
    <Resource
      key={declaration.name}
      name={declaration.name}
      options={{ label: declaration.label.many }}
      recordRepresentation={declaration.recordRepresentation}
    />
  ));
}

function routesOf(declaration: ResourceDeclaration): ReactElement[] {
  const { routes = {}, views, pages = [] } = declaration;
  const pageRoutes: [path: string | undefined, page: ReactElement | undefined, handle?: RouteHandle][] = [
    [
      routes.list,
      views.list &&
        (isCustomView(views.list) ? (
          custom(views.list.component)
        ) : (
          <DeclaredTable declaration={declaration} />
        )),
    ],
    [routes.show, detailPage(declaration, 'show'), detailHandle(declaration, 'show')],
    [routes.create, formPage(declaration, 'create')],
    [routes.edit, formPage(declaration, 'edit')],
    ...pages.map((page): [string, ReactElement | undefined, RouteHandle | undefined] => [
      page.path,
      extraPage(declaration, page),
      'view' in page ? detailHandle(declaration, page.view) : undefined,
    ]),
  ];
  return pageRoutes
    .filter(
      (entry): entry is [string, ReactElement, RouteHandle | undefined] =>
        entry[0] !== undefined && entry[1] !== undefined,
    )
    .map(([path, page, handle]) => (
      <Route
        key={`${declaration.name}:${path}`}
        path={path}
        handle={handle}
        element={<ResourceContextProvider value={declaration.name}>{page}</ResourceContextProvider>}
      />
    ));
}

/** A declared detail page names the reads it will make and its lazy parts, so a reload can start them early. */
function detailHandle(declaration: ResourceDeclaration, name: DetailViewName): RouteHandle | undefined {
  const view = name === 'show' ? declaration.views.show : declaration.views.details?.[name];
  if (!view || isCustomView(view)) return undefined;
  return { reads: (params) => detailPageReads(declaration, view, params), lazyParts: detailLazyParts(view) };
}

function extraPage(declaration: ResourceDeclaration, page: ExtraPage): ReactElement | undefined {
  if ('component' in page) return custom(page.component);
  if ('form' in page) return <DeclaredFormPage declaration={declaration} name={page.form} />;
  return detailPage(declaration, page.view);
}

function detailPage(declaration: ResourceDeclaration, name: DetailViewName): ReactElement | undefined {
  if (name !== 'show') {
    // A page naming a view that is not declared fails when the routes are built, not when visited.
    if (!declaration.views.details?.[name])
      throw new Error(`Resource '${declaration.name}' declares no detail view '${name}'`);
    return <DeclaredDetail declaration={declaration} view={name} />;
  }
  const view = declaration.views.show;
  if (!view) return undefined;
  return isCustomView(view) ? custom(view.component) : <DeclaredDetail declaration={declaration} />;
}

function formPage(declaration: ResourceDeclaration, name: 'create' | 'edit'): ReactElement | undefined {
  const view = declaration.views[name];
  if (view?.as !== 'page') return undefined;
  return isCustomView(view) ? (
    custom(view.component)
  ) : (
    <DeclaredFormPage declaration={declaration} name={name} />
  );
}

function custom(Component: ComponentType): ReactElement {
  return <Component />;
}
