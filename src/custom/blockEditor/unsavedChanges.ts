import { createContext, useContext } from 'react';
import type { SaveStatus } from './blockAutosave';

// The block editors of one publication page report here where their edits are, so the page can ask
// before anyone leaves it with edits the server does not have, and keep an editor (with its draft and
// its marked fields) alive while it is closed with such edits. Framework-free apart from the context,
// so the rules are tested without React.

/** One block editor as the page sees it. */
export interface UnsavedEditor {
  /** Where its edits are now. */
  status(): SaveStatus;
  /** Saves what waits for the typing to pause; a refused save leaves the status on 'failed'. */
  flush(): Promise<void>;
}

/** Edits that a save may still bring to the server (waiting for the pause, or on their way). */
const settling: ReadonlySet<SaveStatus> = new Set(['pending', 'saving']);

export type UnsavedChanges = ReturnType<typeof createUnsavedChanges>;

export function createUnsavedChanges() {
  const editors = new Map<string, UnsavedEditor>();
  const listeners = new Set<() => void>();
  // A snapshot for useSyncExternalStore: the ids of blocks with unsaved edits, a new array per change.
  let unsavedIds: readonly string[] = [];

  function changed() {
    const next = [...editors].filter(([, editor]) => editor.status() !== 'saved').map(([id]) => id);
    if (next.join(' ') === unsavedIds.join(' ')) return;
    unsavedIds = next;
    for (const listener of listeners) listener();
  }

  return {
    /** An editor opens; the answer removes it again (it closes, its edits saved or given up). */
    register(blockId: string, editor: UnsavedEditor): () => void {
      editors.set(blockId, editor);
      changed();
      return () => {
        if (editors.get(blockId) === editor) editors.delete(blockId);
        changed();
      };
    },

    /** An editor's status changed. */
    changed,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The blocks whose edits the server does not have. */
    unsavedIds: () => unsavedIds,

    /**
     * Before leaving: saves every edit that is only waiting, then answers whether anything is still not
     * saved (a field rule broken, a conflict, a refused save), which the user must then decide about.
     */
    async settle(): Promise<boolean> {
      await Promise.all(
        [...editors.values()]
          .filter((editor) => settling.has(editor.status()))
          .map((editor) => editor.flush()),
      );
      return [...editors.values()].every((editor) => editor.status() === 'saved');
    },
  };
}

export const UnsavedChangesContext = createContext<UnsavedChanges | undefined>(undefined);

/** The page's register of unsaved edits, when the editor runs inside one. */
export function useUnsavedChanges(): UnsavedChanges | undefined {
  return useContext(UnsavedChangesContext);
}
