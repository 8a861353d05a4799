import { describe, expect, it } from 'vitest';
import type { BlockContent } from '@contract/publications';
import { createBlockAutosave, type Timer } from '../../src/custom/blockEditor/blockAutosave';

/** A clock the test moves by hand: `fire()` runs the pending pause as if typing had stopped. */
function manualTimer() {
  let pending: { run: () => void; delayMs: number } | undefined;
  const timer: Timer = {
    set(run, delayMs) {
      pending = { run, delayMs };
      return pending;
    },
    clear(handle) {
      if (pending === handle) pending = undefined;
    },
  };
  return {
    timer,
    get waiting() {
      return pending !== undefined;
    },
    get delayMs() {
      return pending?.delayMs;
    },
    fire() {
      const run = pending?.run;
      pending = undefined;
      run?.();
    },
  };
}

/** A server answer the test releases when it wants, to see what happens while a save runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const conflict = Object.assign(new Error('Dit blok is intussen door iemand anders gewijzigd.'), {
  status: 409,
});
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(
  overrides: { save?: (content: BlockContent, version: number) => Promise<{ version: number }> } = {},
) {
  const clock = manualTimer();
  const saves: Array<{ content: BlockContent; version: number }> = [];
  let serverVersion = 3;
  const server = { content: { title: 'Hun titel' } as BlockContent };
  const autosave = createBlockAutosave({
    version: 3,
    timer: clock.timer,
    delayMs: 800,
    save:
      overrides.save ??
      (async (content, version) => {
        saves.push({ content, version });
        if (version !== serverVersion) throw conflict;
        serverVersion += 1;
        server.content = content;
        return { version: serverVersion };
      }),
    load: async () => ({ version: serverVersion, content: server.content }),
    isConflict: (error) => (error as { status?: number }).status === 409,
  });
  return {
    clock,
    saves,
    autosave,
    server,
    /** Someone else saves the block in between. */
    otherSave() {
      serverVersion += 1;
    },
  };
}

describe('block autosave', () => {
  it('waits for typing to pause, then saves only the newest draft', async () => {
    const { clock, saves, autosave } = setup();
    autosave.edit({ title: 'H' });
    autosave.edit({ title: 'Ha' });
    autosave.edit({ title: 'Hallo' });
    expect(autosave.getState().status).toBe('pending');
    expect(saves).toEqual([]);
    expect(clock.delayMs).toBe(800);

    clock.fire();
    await settle();

    expect(saves).toEqual([{ content: { title: 'Hallo' }, version: 3 }]);
    expect(autosave.getState()).toEqual({ status: 'saved', version: 4, message: undefined });
  });

  it('sends an edit made during a save afterwards, from the version that save answered', async () => {
    const answers: Array<ReturnType<typeof deferred<{ version: number }>>> = [];
    const sent: Array<{ content: BlockContent; version: number }> = [];
    const { clock, autosave } = setup({
      save: (content, version) => {
        sent.push({ content, version });
        const answer = deferred<{ version: number }>();
        answers.push(answer);
        return answer.promise;
      },
    });
    autosave.edit({ title: 'Een' });
    clock.fire();
    expect(autosave.getState().status).toBe('saving');

    autosave.edit({ title: 'Een twee' });
    clock.fire();
    answers[0].resolve({ version: 4 });
    await settle();
    expect(autosave.getState().status).toBe('saving');
    answers[1].resolve({ version: 5 });
    await settle();

    expect(sent).toEqual([
      { content: { title: 'Een' }, version: 3 },
      { content: { title: 'Een twee' }, version: 4 },
    ]);
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 5 });
  });

  it('stops on a conflict and keeps the typed text for the user to save over the other version', async () => {
    const { clock, saves, autosave, otherSave, server } = setup();
    otherSave();
    autosave.edit({ title: 'Mijn titel' });
    clock.fire();
    await settle();

    expect(autosave.getState()).toMatchObject({
      status: 'conflict',
      message: 'Dit blok is intussen door iemand anders gewijzigd.',
    });
    // Typing on keeps the newest text but sends nothing until the user chooses.
    autosave.edit({ title: 'Mijn titel, langer' });
    expect(clock.waiting).toBe(false);
    expect(saves).toHaveLength(1);

    await autosave.overwrite();

    expect(saves.at(-1)).toEqual({ content: { title: 'Mijn titel, langer' }, version: 4 });
    expect(server.content).toEqual({ title: 'Mijn titel, langer' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 5 });
  });

  it('after a conflict, loading the other version drops the kept text and continues from that version', async () => {
    const { clock, saves, autosave, otherSave } = setup();
    otherSave();
    autosave.edit({ title: 'Mijn titel' });
    clock.fire();
    await settle();

    await expect(autosave.takeTheirs()).resolves.toEqual({ title: 'Hun titel' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 4 });
    await autosave.flush();
    expect(saves).toHaveLength(1);

    autosave.edit({ title: 'Verder' });
    clock.fire();
    await settle();
    expect(saves.at(-1)).toEqual({ content: { title: 'Verder' }, version: 4 });
  });

  it('sends nothing while the draft is invalid, and keeps a refused save to retry', async () => {
    let refuse = true;
    const sent: BlockContent[] = [];
    const { clock, autosave } = setup({
      save: async (content) => {
        sent.push(content);
        if (refuse) throw new Error('De server is niet bereikbaar.');
        return { version: 4 };
      },
    });
    autosave.edit({ title: 'x' });
    autosave.invalid();
    expect(clock.waiting).toBe(false);
    expect(autosave.getState().status).toBe('invalid');

    autosave.edit({ title: 'Goed' });
    clock.fire();
    await settle();
    expect(autosave.getState()).toMatchObject({ status: 'failed', message: 'De server is niet bereikbaar.' });

    refuse = false;
    await autosave.flush();
    expect(sent).toEqual([{ title: 'Goed' }, { title: 'Goed' }]);
    expect(autosave.getState().status).toBe('saved');
  });

  it('saves a waiting edit at once when flushed (the editor closes)', async () => {
    const { clock, saves, autosave } = setup();
    autosave.edit({ title: 'Snel dicht' });
    await autosave.flush();
    expect(clock.waiting).toBe(false);
    expect(saves).toEqual([{ content: { title: 'Snel dicht' }, version: 3 }]);
  });
});
