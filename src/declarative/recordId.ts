import type { Identifier } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';

/** The id a singleton's record is read with (its `getOne` path has no id; the answer holds the real one). */
export const singletonRecordId = 'current';

/** The record a page shows: the route's `:id`, or the singleton's one record. */
export function pageRecordId(
  declaration: ResourceDeclaration,
  params: Readonly<Record<string, string | undefined>>,
): Identifier | undefined {
  return params.id ?? (declaration.singleton ? singletonRecordId : undefined);
}
