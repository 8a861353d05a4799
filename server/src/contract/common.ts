import {
  Type,
  type Static,
  type StringOptions,
  type TProperties,
  type TSchema,
  type TString,
  type TUnsafe,
} from '@sinclair/typebox';
import { ApiErrorBody } from './errors';
import { maxOffset, pageSize } from './paging';

/** A GUID as the API writes it (lower-case, hyphenated). */
export const Uuid = Type.String({ format: 'uuid' });

/** The GUID of all zeros, which the spec uses to mean "the root" (e.g. no parent directory). */
export const zeroGuid = '00000000-0000-0000-0000-000000000000';

/** Path parameters of an environment-scoped route plus its own ones (for validation and the document). */
export function environmentParams<T extends TProperties>(own: T) {
  return Type.Object({ environmentId: Uuid, ...own });
}

/**
 * Refused in every text input: the C0 control characters and DEL. A NUL cannot be stored in PostgreSQL
 * text (it answered 500), and the others are never typed, only smuggled. The single-line form refuses
 * tab, newline and carriage return too; `multilineTextPattern` lets those three through.
 */
export const singleLineTextPattern = '^[^\\u0000-\\u001F\\u007F]*$';
export const multilineTextPattern = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** Whether a pattern is one of the two text rules above (the error handler then names the reason). */
export const isTextPattern = (pattern: unknown): boolean =>
  pattern === singleLineTextPattern || pattern === multilineTextPattern;

/** A text input on one line (names, titles, search words, addresses): no control characters. */
export function Text(options: StringOptions = {}): TString {
  return Type.String({ ...options, pattern: singleLineTextPattern });
}

/** A text input that may span lines (a reason, a description): tab, newline and CR allowed. */
export function MultilineText(options: StringOptions = {}): TString {
  return Type.String({ ...options, pattern: multilineTextPattern });
}

/** A CSS colour as `#rrggbb`; a mismatch answers 'Kleur moet een hexadecimale kleur zijn, zoals #1a2b3c'. */
export const hexColorPattern = '^#[0-9a-fA-F]{6}$';
export const hexColorMessage = 'Kleur moet een hexadecimale kleur zijn, zoals #1a2b3c';

export function HexColor(options: StringOptions = {}): TString {
  return Type.String({ description: 'CSS hex colour #rrggbb.', ...options, pattern: hexColorPattern });
}

/** `offset` of a list read: 0 up to `maxOffset` (400 naming the field beyond). */
export const Offset = Type.Integer({ minimum: 0, maximum: maxOffset, default: 0 });

/** `limit` of a list read: 1 up to the page size, which is also the default. */
export const Limit = Type.Integer({ minimum: 1, maximum: pageSize, default: pageSize });

/** Search, order, offset and limit: the parameters every list read accepts (its sort field is its own). */
export function pagingProperties(searchDescription: string) {
  return {
    search: Type.Optional(Text({ maxLength: 200, description: searchDescription })),
    order: Type.Optional(SortOrder),
    offset: Type.Optional(Offset),
    limit: Type.Optional(Limit),
  };
}

/** `T | null` with a `nullable`-free JSON Schema (OpenAPI 3.1 style). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string limited to a set of values, validated as a JSON Schema `enum` (one clear error message,
 * unlike a union of literals). Typed for both TypeBox generations: `static` for @sinclair/typebox
 * (the console's `Static`), `~unsafe` for the `typebox` the Fastify type provider infers with.
 */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options }) as TUnsafe<T[number]> & {
    '~unsafe': T[number];
    enum: [...T];
  };

export const SortOrder = StringEnum(['ASC', 'DESC']);
export type SortOrder = Static<typeof SortOrder>;

/** Response of an extension list read: one page plus the total number of matches. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), total: Type.Integer({ minimum: 0 }) });

/** Reference to the shared error body (registered once as `ApiError`, see app.ts). */
export const ApiErrorRef = Type.Unsafe<ApiErrorBody>(Type.Ref('ApiError'));

/** Documents the error statuses a route can answer, e.g. `...errorResponses(401, 403, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ApiErrorRef> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorRef]));
}
