import type { GetListResult, RaRecord } from 'react-admin';
import { isPlainObject } from './recordAnswer';

export interface Paging {
  offset: number;
  limit: number;
}

/**
 * Reads a list answer: a plain array or `{data, total}`. The total comes from the body, else the
 * `X-Total-Count` header (the spec's own list calls), else from the rows: a short page is the last
 * one, a full page without a total may have a next one.
 */
export function readListAnswer(answer: unknown, headers: Headers, paging: Paging): GetListResult<RaRecord> {
  const { records, total } = splitAnswer(answer);
  const knownTotal = total ?? headerTotal(headers);
  if (knownTotal !== undefined) return { data: records, total: knownTotal };
  if (records.length < paging.limit) return { data: records, total: paging.offset + records.length };
  return { data: records, pageInfo: { hasNextPage: true, hasPreviousPage: paging.offset > 0 } };
}

function splitAnswer(answer: unknown): { records: RaRecord[]; total?: number } {
  if (Array.isArray(answer)) return { records: answer };
  if (isPlainObject(answer) && Array.isArray(answer.data)) {
    return { records: answer.data, total: typeof answer.total === 'number' ? answer.total : undefined };
  }
  throw new Error('A list answer must be an array or {data, total}: declare a response mapper');
}

function headerTotal(headers: Headers): number | undefined {
  const header = headers.get('X-Total-Count');
  const total = header === null ? NaN : Number(header);
  return Number.isFinite(total) ? total : undefined;
}
