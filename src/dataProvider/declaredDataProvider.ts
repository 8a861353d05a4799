import type { DataProvider, Identifier } from 'react-admin';
import type { UploadRequest } from './uploadRequest';

/** The values of a named action call; they merge like an update's (data, meta, then id). */
export interface ActionParams {
  id?: Identifier;
  data?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** The values of an upload action: its call values (`meta`, `id`), and the file with its fields and progress. */
export interface UploadParams extends UploadRequest {
  id?: Identifier;
  meta?: Record<string, unknown>;
}

/** What each named action of each resource answers: `{ publications: { render: RenderedPublication } }`. */
export type ActionResults = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * react-admin's DataProvider plus the resources' named actions (calls that are not CRUD, such as
 * `PUT /list/manual/{id}/attributes`). Generic code that takes a resource's name from its declaration
 * gets it with `useDataProvider<DeclaredDataProvider>()` (any name, an `unknown` answer); code that names
 * an action uses `useDeclaredDataProvider()` (src/resources/useDeclaredDataProvider.ts), where a wrong
 * name is a compile error and the answer has the type its endpoint declares.
 */
export type DeclaredDataProvider<TActions extends ActionResults = ActionResults> = DataProvider & {
  action<TResource extends keyof TActions & string, TAction extends keyof TActions[TResource] & string>(
    resource: TResource,
    action: TAction,
    params?: ActionParams,
  ): Promise<{ data: TActions[TResource][TAction] }>;
  /**
   * Sends a file to one of the resource's named actions (`POST /directory/{directoryId}/file`), multipart
   * with the field `file`, reporting progress. A write like any other: its refresh effects follow.
   */
  upload<TResource extends keyof TActions & string, TAction extends keyof TActions[TResource] & string>(
    resource: TResource,
    action: TAction,
    params: UploadParams,
  ): Promise<{ data: TActions[TResource][TAction] }>;
  /**
   * Says that a resource changed without a save of the console's (an import that ended on the server):
   * the same refresh follows as after a save. It sends nothing.
   */
  changed(resource: string): Promise<{ data: null }>;
  /**
   * Resolves once the server answers again: a save that failed for lack of an answer (`isUnanswered`)
   * waits for it and is sent again without a click.
   */
  whenServerAnswers(): Promise<void>;
  /**
   * A link that downloads the answer of a named GET action (a CSV, a file) when the browser follows it:
   * the path with a short-lived download ticket the server made for it (`POST /download-ticket`).
   */
  downloadLink<TResource extends keyof TActions & string>(
    resource: TResource,
    action: keyof TActions[TResource] & string,
    params?: ActionParams,
  ): Promise<string>;
};
