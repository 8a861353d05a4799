import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSubmitWithServerError } from '../../src/declarative/useSubmitWithServerError';

// The one submit pattern of the console's forms: a submit while a save is under way (a double click, an
// Enter before the button is drawn disabled) sends nothing.

describe('useSubmitWithServerError', () => {
  it('ignores a submit while a save is under way, and saves again once it is done', async () => {
    let finish: (result: string) => void = () => undefined;
    const save = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSubmitWithServerError(save, ['title'], onSaved));

    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.submit({ title: 'Eén' });
      second = result.current.submit({ title: 'Twee' });
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(await second).toBeUndefined();

    await act(async () => {
      finish('opgeslagen');
      await first;
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith('opgeslagen', { title: 'Eén' });

    act(() => {
      void result.current.submit({ title: 'Drie' });
    });
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves again after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('kapot')).mockResolvedValueOnce('goed');
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSubmitWithServerError(save, ['title'], onSaved));
    await act(async () => {
      expect(await result.current.submit({ title: 'Eén' })).toBeDefined();
    });
    await act(async () => {
      expect(await result.current.submit({ title: 'Eén' })).toBeUndefined();
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(onSaved).toHaveBeenCalledWith('goed', { title: 'Eén' });
  });
});
