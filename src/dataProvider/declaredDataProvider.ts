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
};
