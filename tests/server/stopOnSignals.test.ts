import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from '../../server/src/stopOnSignals';

describe('stopOnSignals', () => {
  it('stops on the first signal once started, and leaves later signals to the stop in hand', () => {
    const source = new EventEmitter();
    const stop = vi.fn();
    stopOnSignals(source).started(stop);
    source.emit('SIGTERM', 'SIGTERM');
    source.emit('SIGINT', 'SIGINT');
    expect(stop.mock.calls).toEqual([['SIGTERM']]);
  });

  it('remembers a signal that comes while starting and stops as soon as the start has finished', () => {
    const source = new EventEmitter();
    const told = vi.fn();
    const signals = stopOnSignals(source, { onSignalWhileStarting: told });
    source.emit('SIGTERM', 'SIGTERM');
    expect(told).toHaveBeenCalledWith('SIGTERM');
    const stop = vi.fn();
    signals.started(stop);
    expect(stop.mock.calls).toEqual([['SIGTERM']]);
    source.emit('SIGTERM', 'SIGTERM');
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('ends the process at once on a second signal while starting (Ctrl-C twice)', () => {
    const source = new EventEmitter();
    const exitNow = vi.fn();
    stopOnSignals(source, { exitNow });
    source.emit('SIGINT', 'SIGINT');
    expect(exitNow).not.toHaveBeenCalled();
    source.emit('SIGINT', 'SIGINT');
    expect(exitNow).toHaveBeenCalledTimes(1);
  });
});
