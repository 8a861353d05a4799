import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useDataProvider, useGetRecordRepresentation, useNotify, type RaRecord } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { serverMessage } from '../dataProvider/serverMessage';
import { ConfirmedRun } from './ConfirmedRun';
import type { RunDeclaration } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';

export interface RunActionButtonProps extends Pick<ButtonProps, 'variant' | 'startIcon' | 'size'> {
  declaration: ResourceDeclaration;
  record: RaRecord;
  run: RunDeclaration;
  /** Call values of the page (e.g. `{listId}`), for the action's path. */
  meta?: Record<string, unknown>;
  text: string;
}

/**
 * A button that runs one of the resource's named actions with the record ('Annuleren' of a job, in a
 * detail page's header or on a table row), after the one confirmation when the declaration asks for it. The dataProvider refreshes what
 * the action changed; the button says how it went.
 */
export function RunActionButton({ declaration, record, run, meta, text, ...button }: RunActionButtonProps) {
  const label = useLabel();
  const notify = useNotify();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const representation = useGetRecordRepresentation(declaration.name);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const names = { name: String(representation(record)) };
  const successMessage = run.successMessage && label(run.successMessage, names);
  const call = () => dataProvider.action(declaration.name, run.action, { id: record.id, meta });

  // A refusal (a job that has just ended) tells how the record stands now: it is read again, and the
  // server's message is shown as with any failure.
  const readAgain = () => {
    void dataProvider.changed(declaration.name);
    return false;
  };

  const runNow = async () => {
    setRunning(true);
    try {
      await call();
      if (successMessage) notify(successMessage, { type: 'success' });
    } catch (error) {
      readAgain();
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Button
        {...button}
        disabled={running}
        onClick={() => (run.confirm ? setConfirming(true) : void runNow())}
      >
        {text}
      </Button>
      {run.confirm ? (
        <ConfirmedRun
          isOpen={confirming}
          title={run.confirm.title}
          content={run.confirm.content}
          confirm={run.confirm.confirmLabel}
          cancel={run.confirm.cancelLabel}
          translateOptions={names}
          run={call}
          successMessage={successMessage}
          onFailure={readAgain}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
