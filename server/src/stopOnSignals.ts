// How the server's and the worker's processes react to SIGINT and SIGTERM. Node's default for these
// signals ends a process at once: no connection closed, no database shut down, the data directory's
// lock left behind. A start takes seconds (PGlite's WebAssembly, migrations, a first query after
// listening), and an orchestrator or a Ctrl-C may stop the process during it.

type StopSignal = 'SIGINT' | 'SIGTERM';

export interface SignalStop {
  /**
   * The process has started: `stop` runs on the first signal from now on, or at once when one came
   * during the start. It runs once; it ends the process when done.
   */
  whenStarted(stop: (signal: StopSignal) => void): void;
}

export interface SignalSource {
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
}

export interface SignalStopOptions {
  /** From the first signal on, how long the process may take to stop (a start in progress included). */
  forcedExitSeconds: number;
  /** Told when a signal arrives before the process has started. */
  onSignalWhileStarting?(signal: StopSignal): void;
  source?: SignalSource;
  /** Ends the process when starting or stopping takes too long (exit 1). */
  forceExit?(): void;
}

/**
 * Call before anything is locked or written. The first SIGINT or SIGTERM stops the process cleanly,
 * once started if it is still starting; later ones are the same request (npm passes a signal on to its
 * script, which may then get it twice) and change nothing. A start or stop that hangs ends after
 * `forcedExitSeconds`, counted from the first signal.
 */
export function stopOnSignals(options: SignalStopOptions): SignalStop {
  const source = options.source ?? process;
  const forceExit =
    options.forceExit ??
    (() => {
      console.error(`Not stopped ${options.forcedExitSeconds} s after the signal: exiting.`);
      process.exit(1);
    });
  let stop: ((signal: StopSignal) => void) | undefined;
  let received: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (received) return;
    received = signal;
    setTimeout(forceExit, options.forcedExitSeconds * 1000).unref();
    if (stop) stop(signal);
    else options.onSignalWhileStarting?.(signal);
  };
  source.on('SIGINT', onSignal);
  source.on('SIGTERM', onSignal);
  return {
    whenStarted(stopProcess) {
      if (stop) throw new Error('stopOnSignals: whenStarted() called twice');
      stop = stopProcess;
      if (received) stopProcess(received);
    },
  };
}
