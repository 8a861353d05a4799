// How the server's and the worker's processes react to SIGINT and SIGTERM, from their first moment on.
// Node's default for these signals ends the process at once: no connection closed, no database shut
// down, the data directory's lock left behind. A start takes seconds (PGlite's WebAssembly, migrations,
// a first query after listening), and an orchestrator or a Ctrl-C may stop the process during it.

type StopSignal = 'SIGINT' | 'SIGTERM';

export interface SignalStop {
  /**
   * The process has started: `stop` runs on the first signal from now on, or at once when a signal
   * came during the start. It runs once; later signals are left to it (it exits the process).
   */
  started(stop: (signal: StopSignal) => void): void;
}

export interface SignalSource {
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
}

export interface SignalStopOptions {
  /** Told when a signal arrives before the process has started. */
  onSignalWhileStarting?(signal: StopSignal): void;
  /** Ends the process at once when a second signal comes before the start has finished. */
  exitNow?(): void;
}

/** Call first thing in an entry point, before anything slow: from then on no signal ends it uncleanly. */
export function stopOnSignals(source: SignalSource = process, options: SignalStopOptions = {}): SignalStop {
  const exitNow = options.exitNow ?? (() => process.exit(1));
  let stop: ((signal: StopSignal) => void) | undefined;
  let received: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (stop) {
      if (received) return;
      received = signal;
      stop(signal);
      return;
    }
    // Still starting. The one who asks twice (Ctrl-C twice) does not want to wait for the start.
    if (received) return exitNow();
    received = signal;
    options.onSignalWhileStarting?.(signal);
  };
  source.on('SIGINT', onSignal);
  source.on('SIGTERM', onSignal);
  return {
    started(stopProcess) {
      if (stop) throw new Error('stopOnSignals: started() called twice');
      stop = stopProcess;
      if (received) stopProcess(received);
    },
  };
}
