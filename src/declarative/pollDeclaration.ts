/**
 * Reading data again while something runs on the server (a job's progress, a delivery's figures): the
 * query refetches every `every` ms while its answer (for a page, one of its records) says so, and stops
 * when it no longer does. Declared on a table or detail view for its records, on a named action for its
 * answer (`answers<AnalyticsReport>({ …, poll: { every: 5000, while: (report) => report.sending } })`).
 */
export interface PollDeclaration<TAnswer> {
  every: number;
  // A method, so that a poll of a narrower answer fits a declaration of any answer (bivariance).
  while(answer: TAnswer): boolean;
  /**
   * A named action's poll only: resources whose reads follow each new answer, as a table of what the
   * answer sums up (the recipients under the figures).
   */
  alsoRefreshes?: readonly string[];
}

/** react-query's `refetchInterval` for the answers a query holds now. */
export function pollInterval<TAnswer>(
  poll: PollDeclaration<TAnswer> | undefined,
  answers: readonly TAnswer[],
): number | false {
  return poll && answers.some((answer) => poll.while(answer)) ? poll.every : false;
}
