import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from '../../server/src/stopOnSignals';

describe('stopOnSignals', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function listening() {
    const source = new EventEmitter();
    const forceExit = vi.fn();
    const signalWhileStarting = vi.fn();
    const signals = stopOnSignals({
      forcedExitSeconds: 10,
      source,
      forceExit,
      onSignalWhileStarting: signalWhileStarting,
    });
    const send = (signal: 'SIGINT' | 'SIGTERM') => source.emit(signal, signal);
    return { signals, send, forceExit, signalWhileStarting };
  }

  it('stops on the first signal once started; a repeated signal is the same request', () => {
    const { signals, send, forceExit, signalWhileStarting } = listening();
    const stop = vi.fn();
    signals.whenStarted(stop);
    send('SIGTERM');
    send('SIGTERM'); // npm passes a signal on to its script, which may get it twice
    send('SIGINT');
    expect(stop.mock.calls).toEqual([['SIGTERM']]);
    expect(signalWhileStarting).not.toHaveBeenCalled();
    expect(forceExit).not.toHaveBeenCalled();
  });

  it('remembers a signal that comes while starting and stops as soon as the start has finished', () => {
    const { signals, send, forceExit, signalWhileStarting } = listening();
    send('SIGINT');
    send('SIGTERM');
    expect(signalWhileStarting.mock.calls).toEqual([['SIGINT']]);
    const stop = vi.fn();
    signals.whenStarted(stop);
    expect(stop.mock.calls).toEqual([['SIGINT']]);
    send('SIGTERM');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(forceExit).not.toHaveBeenCalled();
  });

  it('ends the process when a start or a stop has not finished within the limit of the first signal', () => {
    const whileStarting = listening();
    whileStarting.send('SIGTERM');
    vi.advanceTimersByTime(9_999);
    whileStarting.send('SIGTERM'); // does not start the count again
    expect(whileStarting.forceExit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(whileStarting.forceExit).toHaveBeenCalledTimes(1);

    const stopping = listening();
    stopping.signals.whenStarted(() => {});
    stopping.send('SIGINT');
    vi.advanceTimersByTime(10_000);
    expect(stopping.forceExit).toHaveBeenCalledTimes(1);
  });

  it('takes one stop', () => {
    const { signals } = listening();
    signals.whenStarted(() => {});
    expect(() => signals.whenStarted(() => {})).toThrow('called twice');
  });
});
