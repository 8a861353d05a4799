import type { RaRecord } from 'react-admin';
import type { HttpMethod } from '../dataProvider/httpTypes';
import type { PollDeclaration } from './pollDeclaration';

/**
 * The named values one call can draw from. The dataProvider merges them per verb, later ones winning:
 * previousData, data (or the list filter), meta, then `id` (or the reference target).
 * Path placeholders, query parameters and body fields all pick from here.
 */
export type CallValues = Readonly<Record<string, unknown>>;

/**
 * Which values a call sends, in the query string or in the JSON body:
 * - `['title', 'isTest']`: each value under its own name;
 * - `{ newName: 'name' }`: wire name -> value name, when the API names it differently;
 * - a function, for anything else (renaming many, converting a value).
 * Values that are `undefined` are not sent.
 */
export type ParamSelection =
  readonly string[] | Readonly<Record<string, string>> | ((values: CallValues) => Record<string, unknown>);

/** A list answer: a plain array (total in `X-Total-Count`, else derived) or `{data, total}`. */
export type ListAnswer<TRecord> = readonly TRecord[] | { data: readonly TRecord[]; total?: number };

/** One call of the API, e.g. `PUT /list/manual/{id}` with `title` and `isTest` in the query string. */
export interface Endpoint<TResult> {
  method: HttpMethod;
  /** Template under `/api/1/{environmentId}`; `{name}` is filled from the call values, `{name*}` keeps slashes. */
  path: string;
  query?: ParamSelection;
  /** `'data'` sends the form data (create/update/action) as it is. Without `body` nothing is sent. */
  body?: ParamSelection | 'data';
  /**
   * Turns the answer into the verb's result. Optional: by default a record answer is merged with the
   * sent data, a bare id becomes `{...data, id}` and an empty answer keeps the previous record.
   */
  response?(answer: unknown, values: CallValues): TResult;
  /** A call that changes nothing although it is no GET (an import's preview): no refresh follows it. */
  readsOnly?: true;
  /**
   * A named GET read with `useDeclaredQuery` (src/declarative/useDeclaredQuery.ts): read again every
   * `every` ms while its answer says so (the figures while a job is sending), in every view that shows it.
   */
  poll?: PollDeclaration<TResult>;
  /**
   * A named GET whose answer depends on other resources too (the deliver check on the audiences): a
   * write to one of them refreshes its reads as a write to its own resource does.
   */
  follows?: readonly string[];
}

/**
 * An endpoint whose answer is a `TResult` as the server sends it, so that `dataProvider.action` callers
 * get that type (ActionsOf, ./actionsOf.ts): `render: answers<RenderedPublication>({ method: 'GET', … })`.
 * It only names the type; the answer is not converted or checked at run time.
 */
export function answers<TResult>(endpoint: Endpoint<TResult>): Endpoint<TResult> {
  return endpoint;
}

/** How a resource maps react-admin's verbs (and its own named actions) onto the API. */
export interface ApiMapping<TRecord extends RaRecord = RaRecord> {
  /** List reads always send `search, sort, order, offset, limit`; `query` adds filter values. */
  getList?: Endpoint<ListAnswer<TRecord>>;
  /** Without it, getOne and getMany look the records up in the first 250 of getList. */
  getOne?: Endpoint<TRecord>;
  /** Without it, getMany calls getOne per id. */
  getMany?: Endpoint<ListAnswer<TRecord>>;
  /** Without it, getManyReference uses getList with `{[target]: id}` among the values. */
  getManyReference?: Endpoint<ListAnswer<TRecord>>;
  create?: Endpoint<TRecord>;
  update?: Endpoint<TRecord>;
  delete?: Endpoint<TRecord>;
  /** Calls that are not CRUD, run with `dataProvider.action(resource, name, params)` (`upload` for a file). */
  actions?: Readonly<Record<string, Endpoint<unknown>>>;
}

/** The verbs that have a declared endpoint (named actions aside). */
export type ApiVerb = Exclude<keyof ApiMapping, 'actions'>;
