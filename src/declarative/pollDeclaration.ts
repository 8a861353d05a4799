import type { RaRecord } from 'react-admin';

/**
 * Reading a page's data again while something runs on the server (a job's progress): the page's own
 * query refetches every `every` ms while one of its records says so, and stops when none does.
 */
export interface PollDeclaration<TRecord extends RaRecord> {
  every: number;
  while(record: TRecord): boolean;
}

/** react-query's `refetchInterval` for the records a query holds now. */
export function pollInterval<TRecord extends RaRecord>(
  poll: PollDeclaration<TRecord> | undefined,
  records: readonly TRecord[],
): number | false {
  return poll && records.some((record) => poll.while(record)) ? poll.every : false;
}
