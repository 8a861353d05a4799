import type { ReactElement } from 'react';
import type { RaRecord } from 'react-admin';
import type { ApiMapping } from './apiMapping';
import type { DetailView } from './detailView';
import type { FieldDeclaration, FieldSource } from './fieldDeclaration';
import type { Label } from './label';
import type { MenuDeclaration } from './menuDeclaration';
import type { CustomFormView, CustomView, FormView, TableView } from './viewDeclaration';
import type { RefreshEventName } from '../dataProvider/refreshBroadcast';

/** Page routes of a resource, react-router patterns such as '/recievers/lists/:id'. */
export interface ResourceRoutes {
  list?: string;
  show?: string;
  create?: string;
  edit?: string;
}

/** A page of the resource beyond list, show, create and edit, e.g. '/recievers/lists/:id/import'. */
export type ExtraPage = { path: string; menu?: MenuDeclaration } & (
  | { component: CustomView['component'] }
  /**
   * The detail page at another path too ('/recievers/audiences/:id/:audienceName'), or a named detail
   * view of `views.details` at its path (`{ path: '/forms/:id/data', view: 'answers' }`).
   */
  | { view: string }
  /** A named form of the resource on a page of its own, e.g. `{ path: '/settings/colors', form: 'colors' }`. */
  | { form: string }
);

/** The pages and panels of a resource. */
export interface ResourceViews<TRecord extends RaRecord = RaRecord, TDetail extends TRecord = TRecord> {
  list?: TableView<TRecord> | CustomView;
  /** The detail page at `routes.show`: declared, or a component of one's own. */
  show?: DetailView<TDetail> | CustomView;
  create?: FormView<TRecord> | CustomFormView;
  edit?: FormView<TRecord> | CustomFormView;
  /**
   * More detail views of a record, by name: what the record shows besides its page, e.g. a form's
   * answers (`answers: { title, heading, back, actions, sections, notFound }`). Each is a page at a
   * declared path (`pages`) or is shown embedded in a custom page; header, loading, not found and a
   * failed read are the detail page's.
   */
  details?: Readonly<Record<string, DetailView<TDetail>>>;
  /** More forms, e.g. `rename: { as: 'slideOver', save: { action: 'rename' }, … }`. */
  forms?: Readonly<Record<string, FormView<TRecord> | CustomFormView>>;
}

/**
 * Everything the console knows about one resource: how it maps onto the API, its fields and its
 * views. The generic dataProvider, tables, forms, slide-overs and routes are all built from it.
 */
export interface ResourceDeclaration<TRecord extends RaRecord = RaRecord, TDetail extends TRecord = TRecord> {
  /** react-admin's resource name, also the first part of its query keys, e.g. 'lists'. */
  name: string;
  /** Singular and plural, e.g. `{ one: 'Lijst', many: 'Lijsten' }`. */
  label: { one: Label; many: Label };
  /** How a record is named in pickers and references; defaults to react-admin's (name, title, …). */
  recordRepresentation?: FieldSource<TRecord>;
  api: ApiMapping<TRecord>;
  fields: readonly FieldDeclaration<FieldSource<TRecord>>[];
  views: ResourceViews<TRecord, TDetail>;
  /**
   * The resource a record belongs to and the route parameter that holds its id: a question of a form
   * is `{ resource: 'flows', param: 'flowId' }`, at `/forms/:flowId/:id`. Tables embedded in the
   * parent's page filter on it, and their rows, forms and calls get it as a call value.
   */
  parent?: { resource: string; param: string };
  routes?: ResourceRoutes;
  /** The resource's sidebar entry, opening its list page (or its detail page when it has no list). */
  menu?: MenuDeclaration;
  pages?: readonly ExtraPage[];
  /**
   * One record per environment (the theme): `getOne` ignores the id, and its detail and form pages read
   * the record without an `:id` in their route.
   */
  singleton?: boolean;
  /** Other resources whose queries go stale when this one changes (a list's subscriber count). */
  invalidates?: readonly string[];
  /** The spec's window events its writes announce (dataProvider/refreshBroadcast.ts); nothing here listens. */
  broadcasts?: readonly RefreshEventName[];
}

/**
 * A declaration as `defineResource<List>()` returns it: its name, API and views as written, literally,
 * so that the console's slide-over types and their props (src/slideover/slideOverProps.ts) and its
 * named actions with their results (./actionsOf.ts) follow from it.
 */
export type TypedResourceDeclaration<
  TRecord extends RaRecord,
  TDetail extends TRecord,
  TName extends string,
  TApi extends ApiMapping<TRecord>,
  TViews extends ResourceViews<TRecord, TDetail>,
> = Omit<ResourceDeclaration<TRecord, TDetail>, 'name' | 'api' | 'views'> & {
  name: TName;
  api: TApi;
  views: TViews;
};

/** The names of a resource's named actions, as its `api.actions` declares them. */
type ActionNameOf<TApi> = TApi extends { actions?: infer TActions }
  ? keyof NonNullable<TActions> & string
  : never;

/**
 * The views as written, with every `action` they name (a run, an upload, a download, a reorder, a form's
 * save) narrowed to the resource's own action names, so that a misspelt one is a compile error where it
 * is written. Another resource's declaration (a section's `table`, a form's `resource`), functions,
 * components and elements (an icon) are left as they are: their actions are not this resource's.
 */
export type WithDeclaredActions<TViews, TNames extends string> = TViews extends
  ReactElement | ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown)
  ? TViews
  : TViews extends object
    ? {
        [TKey in keyof TViews]: TKey extends 'action'
          ? TViews[TKey] extends string
            ? TNames
            : TViews[TKey]
          : TKey extends 'table' | 'resource'
            ? TViews[TKey]
            : WithDeclaredActions<TViews[TKey], TNames>;
      }
    : TViews;

/**
 * Declares a resource with its record type, so that sources, columns and form fields are checked:
 *
 *   export const lists = defineResource<List>()({ name: 'lists', … });
 *
 * The empty call names the record type; the second call infers the rest as written, so that the
 * resource's slide-overs and named actions are typed, and an action its views name that its `api` does
 * not declare is a compile error (TypeScript infers no type argument once one is given). A detail
 * page that reads more than a row names that type second: `defineResource<Audience, AudienceDetail>()`.
 *
 * The one-call form `defineResource<List>({ … })` checks the declaration too, but its slide-overs and
 * actions are not among the typed ones: `openSlideOver` and `dataProvider.action` do not know them.
 */
export function defineResource<TRecord extends RaRecord, TDetail extends TRecord = TRecord>(): <
  const TName extends string,
  const TApi extends ApiMapping<TRecord>,
  const TViews extends ResourceViews<TRecord, TDetail>,
>(
  declaration: TypedResourceDeclaration<TRecord, TDetail, TName, TApi, TViews> & {
    views: NoInfer<WithDeclaredActions<TViews, ActionNameOf<TApi>>>;
  },
) => TypedResourceDeclaration<TRecord, TDetail, TName, TApi, TViews>;
export function defineResource<TRecord extends RaRecord, TDetail extends TRecord = TRecord>(
  declaration: ResourceDeclaration<TRecord, TDetail>,
): ResourceDeclaration<TRecord, TDetail>;
export function defineResource<TRecord extends RaRecord, TDetail extends TRecord = TRecord>(
  declaration?: ResourceDeclaration<TRecord, TDetail>,
): unknown {
  return declaration ?? (<TDeclaration>(typed: TDeclaration) => typed);
}
