import type { BlockContent } from '@contract/publications';
import { serverMessage } from '../../dataProvider/serverMessage';
import { sameContent } from './sameContent';

/**
 * Where a block's edits are: `saved` (the server has them), `pending` (waiting for the typing to
 * pause), `saving`, `invalid` (the draft breaks a field rule, so nothing is sent), `conflict` (someone
 * else saved the block first: nothing more is sent until the user chooses), `failed` (any other refusal).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'conflict' | 'failed';

export interface AutosaveState {
  status: SaveStatus;
  /** The block version the next save is made from. */
  version: number;
  /** The server's message of a conflict or failure. */
  message?: string;
  /** A failed save got no answer: it is sent again by itself once the server answers. */
  waitingForServer?: boolean;
}

/** The clock the pause is measured with; tests pass a fake one, so they never sleep. */
export interface Timer {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export const browserTimer: Timer = {
  set: (run, delayMs) => setTimeout(run, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BlockAutosaveOptions {
  /** The version of the block as the editor loaded it. */
  version: number;
  /** Sends the content edited from `version`; answers the saved block's new version. */
  save(content: BlockContent, version: number): Promise<{ version: number }>;
  /** Reads the block as the server has it now (after a conflict). */
  load(): Promise<{ version: number; content: BlockContent }>;
  /** Whether a refused save was a version conflict (HTTP 409). */
  isConflict(error: unknown): boolean;
  /** Whether a save failed for lack of an answer (the server away, stopped or too slow). */
  isUnanswered?(error: unknown): boolean;
  /** Resolves once the server answers again: a save that got no answer is then sent again by itself. */
  whenServerAnswers?(): Promise<void>;
  timer?: Timer;
  /** How long typing must pause before a save. */
  delayMs?: number;
}

export type BlockAutosave = ReturnType<typeof createBlockAutosave>;

/** The pause after the last keystroke before a save: short enough to feel live, long enough to batch words. */
export const autosaveDelayMs = 800;

/**
 * Saves a block's content while someone types: each edit restarts the pause, one save runs at a time and
 * always sends the newest edit, made from the version the last save answered. A 409 stops the saving and
 * keeps the unsaved edit; the user then loads the other version (`takeTheirs`) or saves over it
 * (`overwrite`). Framework-free, so the timing rules are tested without React or sleeps.
 */
export function createBlockAutosave({
  version,
  save,
  load,
  isConflict,
  isUnanswered = () => false,
  whenServerAnswers,
  timer = browserTimer,
  delayMs = autosaveDelayMs,
}: BlockAutosaveOptions) {
  let state: AutosaveState = { status: 'saved', version };
  // The newest edit the server does not have yet.
  let unsaved: BlockContent | undefined;
  let handle: unknown;
  let running: Promise<void> | undefined;
  let disposed = false;
  // A save that got no answer may still have reached the server (a stopped process handles it once it
  // runs again); the next save of the same content then meets a 409 that is its own save.
  let unanswered: BlockContent | undefined;
  const listeners = new Set<() => void>();

  function update(next: Partial<AutosaveState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function stopTimer() {
    if (handle !== undefined) timer.clear(handle);
    handle = undefined;
  }

  function startTimer() {
    stopTimer();
    handle = timer.set(() => {
      handle = undefined;
      void send();
    }, delayMs);
  }

  async function send(): Promise<void> {
    while (running) await running;
    if (unsaved === undefined || state.status === 'conflict') return;
    const content = unsaved;
    unsaved = undefined;
    update({ status: 'saving', message: undefined, waitingForServer: undefined });
    running = (async () => {
      try {
        const saved = await save(content, state.version);
        update({ version: saved.version, status: unsaved === undefined ? 'saved' : 'pending' });
        unanswered = undefined;
      } catch (error) {
        if (isConflict(error) && unanswered !== undefined && (await savedEarlier(content))) return;
        // Keep the edit: a newer one replaces it, else it is sent again (or overwrites) later.
        unsaved ??= content;
        stopTimer();
        const retried = isUnanswered(error) && whenServerAnswers !== undefined;
        update({
          status: isConflict(error) ? 'conflict' : 'failed',
          message: serverMessage(error, ''),
          waitingForServer: retried,
        });
        if (retried) {
          unanswered = content;
          retryWhenAnswering();
        }
      } finally {
        running = undefined;
      }
    })();
    await running;
  }

  /**
   * After a 409 following an unanswered save: when the server holds exactly what was sent, the earlier
   * save did arrive and this is no conflict with someone else.
   */
  async function savedEarlier(content: BlockContent): Promise<boolean> {
    const latest = await load().catch(() => undefined);
    if (!latest || !sameContent(latest.content, content)) return false;
    unanswered = undefined;
    update({
      version: latest.version,
      status: unsaved === undefined ? 'saved' : 'pending',
      message: undefined,
    });
    if (unsaved !== undefined) startTimer();
    return true;
  }

  /** Sends the kept edit again once the server answers, unless the user acted first. */
  function retryWhenAnswering() {
    void whenServerAnswers?.().then(() => {
      if (!disposed && state.status === 'failed') void flush();
    });
  }

  /** Saves a waiting edit now (the editor closes, or 'Opnieuw proberen'). */
  function flush(): Promise<void> {
    stopTimer();
    return send();
  }

  return {
    getState: () => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A new, valid draft: saved once typing pauses (during a conflict it is only kept). */
    edit(content: BlockContent): void {
      unsaved = content;
      if (state.status === 'conflict') return;
      if (state.status !== 'saving') update({ status: 'pending', message: undefined });
      startTimer();
    },

    /** The draft breaks a field rule: nothing is sent until it is valid again. */
    invalid(): void {
      if (state.status === 'conflict') return;
      stopTimer();
      unsaved = undefined;
      update({ status: 'invalid', message: undefined });
    },

    flush,

    /** After a conflict: saves the kept edit over the other version. */
    async overwrite(): Promise<void> {
      const latest = await load();
      update({ version: latest.version, status: 'pending', message: undefined });
      await flush();
    },

    /** After a conflict: drops the kept edit; answers the other version for the editor to show. */
    async takeTheirs(): Promise<BlockContent> {
      const latest = await load();
      stopTimer();
      unsaved = undefined;
      update({ version: latest.version, status: 'saved', message: undefined });
      return latest.content;
    },

    dispose(): void {
      disposed = true;
      stopTimer();
      listeners.clear();
    },
  };
}
