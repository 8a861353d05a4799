import type { DataProvider, Identifier } from 'react-admin';

/** The values of a named action call; they merge like an update's (data, meta, then id). */
export interface ActionParams {
  id?: Identifier;
  data?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * react-admin's DataProvider plus the resources' named actions (calls that are not CRUD, such as
 * `PUT /list/manual/{id}/attributes`). Get it with `useDataProvider<DeclaredDataProvider>()`.
 */
export type DeclaredDataProvider = DataProvider & {
  action<TResult = unknown>(
    resource: string,
    action: string,
    params?: ActionParams,
  ): Promise<{ data: TResult }>;
  /**
   * A link that downloads the answer of a named GET action (a CSV, a file) when the browser follows it:
   * the path with a short-lived download ticket the server made for it (`POST /download-ticket`).
   */
  downloadLink(resource: string, action: string, params?: ActionParams): Promise<string>;
};
