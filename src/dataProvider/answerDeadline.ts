/**
 * How long the console waits for the server to begin its answer before it says the server cannot be
 * reached. A stopped or hanging server otherwise leaves 'Bezig met opslaan…' spinning without end; the
 * slowest calls the console makes (a deliver check of a large audience, a preview) answer well within it.
 */
export const serverAnswerTimeLimitMs = 20_000;

/** A request's signal with the time limit added: `signal` aborts when the caller's does, or in time. */
export interface AnswerDeadline {
  signal: AbortSignal;
  /** Whether the time limit (not the caller) ended the wait. */
  expired(): boolean;
  /** The answer came (or the call failed otherwise): the time limit no longer applies. */
  settle(): void;
}

/** Plain timers, not `AbortSignal.timeout`, so that a test's clock moves them on. */
export function answerDeadline(
  callerSignal?: AbortSignal,
  limitMs: number = serverAnswerTimeLimitMs,
): AnswerDeadline {
  const controller = new AbortController();
  let expired = false;
  const abortWithCaller = () => controller.abort(callerSignal?.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('The server did not answer in time', 'TimeoutError'));
  }, limitMs);
  if (callerSignal?.aborted) abortWithCaller();
  else callerSignal?.addEventListener('abort', abortWithCaller, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    settle() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortWithCaller);
    },
  };
}
