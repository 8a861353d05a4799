import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { ApiErrorBody } from './errors';

/** A GUID as the API writes it (lower-case, hyphenated). */
export const Uuid = Type.String({ format: 'uuid' });

/** The GUID of all zeros, which the spec uses to mean "the root" (e.g. no parent directory). */
export const zeroGuid = '00000000-0000-0000-0000-000000000000';

/** Path parameters of an environment-scoped route plus its own ones (for validation and the document). */
export function environmentParams<T extends TProperties>(own: T) {
  return Type.Object({ environmentId: Uuid, ...own });
}

/** Optional list-read parameters shared by every list call (brief: max 250 per page). */
export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 250 })),
});
export type ListQuery = Static<typeof ListQuery>;

/** Response of an extension list read: one page plus the total number of matches. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), total: Type.Integer({ minimum: 0 }) });

/** Reference to the shared error body (registered once as `ApiError`, see app.ts). */
export const ApiErrorRef = Type.Unsafe<ApiErrorBody>(Type.Ref('ApiError'));

/** Documents the error statuses a route can answer, e.g. `...errorResponses(401, 403, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ApiErrorRef> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorRef]));
}
