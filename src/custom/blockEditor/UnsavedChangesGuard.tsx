import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Confirm } from 'react-admin';
import { useBlocker } from 'react-router-dom';
import type { UnsavedChanges } from './unsavedChanges';

/**
 * Asks before the publication page is left with block edits the server does not have: a route change
 * first saves what only waits for the typing to pause, and asks in react-admin's own words
 * (`ra.message.unsaved_changes`) when something still could not be saved; closing or reloading the tab
 * gets the browser's own question. 'Blijven' keeps everything as typed, with its fields marked; once the
 * edits are saved after all, the question closes by itself.
 */
export function UnsavedChangesGuard({ changes }: { changes: UnsavedChanges }) {
  const unsavedIds = useSyncExternalStore(changes.subscribe, changes.unsavedIds);
  const hasUnsaved = unsavedIds.length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  // The latest blocker, for the save that finishes after the render that started it.
  const blockerRef = useRef(blocker);
  useLayoutEffect(() => {
    blockerRef.current = blocker;
  });
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void changes.settle().then((allSaved) => {
      if (!current) return;
      if (allSaved) blockerRef.current.proceed?.();
      else setAsking(true);
    });
    return () => {
      current = false;
    };
  }, [blocker.state, changes]);

  // The edit it warned about reached the server after all (a save still on its way, a retry): nothing
  // is lost any more, so the question goes and the page is left as asked.
  useEffect(() => {
    if (!asking) return;
    return changes.subscribe(() => {
      if (changes.unsavedIds().length > 0) return;
      setAsking(false);
      if (blockerRef.current.state === 'blocked') blockerRef.current.proceed?.();
    });
  }, [asking, changes]);

  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsaved]);

  return (
    <Confirm
      isOpen={asking && hasUnsaved}
      title="app.publications.editor.leave.title"
      content="ra.message.unsaved_changes"
      confirm="app.publications.editor.leave.confirm"
      cancel="app.publications.editor.leave.cancel"
      confirmColor="warning"
      onConfirm={() => {
        setAsking(false);
        blockerRef.current.proceed?.();
      }}
      onClose={() => {
        setAsking(false);
        blockerRef.current.reset?.();
      }}
    />
  );
}
