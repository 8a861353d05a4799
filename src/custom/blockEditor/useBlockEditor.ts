import type { BlockContent, FieldDefinition, PublicationBlock } from '@contract/publications';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { createBlockAutosave, type Timer } from './blockAutosave';
import {
  contentFromDraft,
  draftFromContent,
  draftProblems,
  type BlockDraft,
  type FieldDraft,
  type FieldProblem,
} from './blockDraft';
import { useUnsavedChanges } from './unsavedChanges';
import { serverMessage } from '../../dataProvider/serverMessage';
import { isUnanswered } from '../../dataProvider/serverError';

export interface UseBlockEditorOptions {
  block: PublicationBlock;
  fields: readonly FieldDefinition[];
  /** The autosave's clock; tests pass a fake one. */
  timer?: Timer;
}

/**
 * One block's editing: its draft, the field problems to show, and the autosave of every valid draft
 * (`saveContent` of the publicationBlocks resource, which also refreshes the publication's views, the
 * preview among them). After a conflict the draft stays as typed until the user chooses.
 */
export function useBlockEditor({ block, fields, timer }: UseBlockEditorOptions) {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const params = { id: block.id, meta: { publicationId: block.publicationId } };
  const [draft, setDraft] = useState<BlockDraft>(() => draftFromContent(fields, block.content));
  const draftRef = useRef(draft);
  // Raised when the draft is replaced from outside (the other version loaded): uncontrolled inputs such
  // as the rich-text editor remount with it.
  const [revision, setRevision] = useState(0);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const [autosave] = useState(() =>
    createBlockAutosave({
      version: block.version,
      timer,
      save: async (content, version) =>
        (
          await dataProvider.action('publicationBlocks', 'saveContent', {
            ...params,
            data: { content, version },
          })
        ).data,
      load: async () => (await dataProvider.action('publicationBlocks', 'read', params)).data,
      isConflict: (error) => error instanceof HttpError && error.status === 409,
      isUnanswered,
      whenServerAnswers: () => dataProvider.whenServerAnswers(),
    }),
  );
  const state = useSyncExternalStore(autosave.subscribe, autosave.getState);
  // The page asks before it is left with edits the server does not have (unsavedChanges.ts).
  const unsavedChanges = useUnsavedChanges();
  useEffect(() => {
    if (!unsavedChanges) return;
    const unregister = unsavedChanges.register(block.id, {
      status: () => autosave.getState().status,
      flush: () => autosave.flush(),
    });
    const unsubscribe = autosave.subscribe(unsavedChanges.changed);
    return () => {
      unsubscribe();
      unregister();
    };
  }, [autosave, unsavedChanges, block.id]);
  // Someone else's save is news for this tab's views too (the preview shows it; the list its title):
  // the publication changed, with a save's effects.
  useEffect(() => {
    if (state.status === 'conflict') void dataProvider.changed('publications');
  }, [dataProvider, state.status]);
  // Closing the editor (or leaving the page) saves what is still waiting for the pause.
  useEffect(() => () => void autosave.flush(), [autosave]);

  function change(name: string, value: FieldDraft) {
    const next = { ...draftRef.current, [name]: value };
    draftRef.current = next;
    setDraft(next);
    setTouched((names) => (names.has(name) ? names : new Set(names).add(name)));
    if (draftProblems(fields, next).length > 0) autosave.invalid();
    else autosave.edit(contentFromDraft(fields, next));
  }

  function replaceDraft(content: BlockContent) {
    const next = draftFromContent(fields, content);
    draftRef.current = next;
    setDraft(next);
    setTouched(new Set());
    setRevision((current) => current + 1);
  }

  async function attempt(run: () => Promise<void>) {
    try {
      await run();
    } catch (error) {
      notify(serverMessage(error, 'app.publications.editor.status.failed'), {
        type: 'error',
      });
    }
  }

  const problems = draftProblems(fields, draft);
  // Rules show on the fields someone edited, and on all of them once a draft could not be saved.
  const shown = problems.filter(
    (problem) => state.status === 'invalid' || touched.has(problem.path.split('.')[0]),
  );

  return {
    draft,
    revision,
    state,
    problems: shown,
    change,
    retry: () => attempt(() => autosave.flush()),
    overwrite: () => attempt(() => autosave.overwrite()),
    takeTheirs: () => attempt(async () => replaceDraft(await autosave.takeTheirs())),
    /** Gives up the edits on purpose: the block as the server has it comes back. */
    discard: () => attempt(async () => replaceDraft(await autosave.takeTheirs())),
  };
}

/** The problem of a field or one of its parts, if any. */
export function problemOf(problems: readonly FieldProblem[], path: string): FieldProblem | undefined {
  return problems.find((problem) => problem.path === path);
}
