import type { QueryParams, QueryValue } from './httpTypes';

/** Checks that selected values can go in a query string; a Date goes as ISO 8601. */
export function asQueryParams(values: Record<string, unknown>): QueryParams {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, asQueryValue(name, value)]));
}

function asQueryValue(name: string, value: unknown): QueryValue {
  if (value instanceof Date) return value.toISOString();
  if (value === null || isScalar(value)) return value;
  if (Array.isArray(value) && value.every(isScalar)) return value;
  throw new Error(`Query parameter '${name}' is not a scalar or a list of scalars`);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
