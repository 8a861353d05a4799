import { useState } from 'react';
import { useNotify } from 'react-admin';
import { serverMessage } from '../dataProvider/serverMessage';
import { ConfirmDeletion, type ConfirmDeletionProps } from '../layout/ConfirmDeletion';

export interface ConfirmedRunProps extends Omit<ConfirmDeletionProps, 'onConfirm' | 'loading'> {
  /** The work the confirmation starts (a delete, a named action); a rejection carries the server's message. */
  run(): Promise<unknown>;
  /** After the work succeeds, before the dialog closes (leave the page, reload the folder). */
  onDone?(): unknown;
  /** The notification once done (an i18n key, with `successArgs`); none when absent. */
  successMessage?: string;
  successArgs?: Record<string, unknown>;
  /** The notification of a failure without a message of the server's own. */
  failureMessage?: string;
  /** Shows a failure elsewhere (a refusal inside the panel) instead of a notification: returns true then. */
  onFailure?(error: unknown): boolean;
}

/**
 * The one confirm-then-run of the console: asks (`ConfirmDeletion`), runs while both buttons wait,
 * then closes and says what happened, or what the server answered when it refused.
 */
export function ConfirmedRun({
  run,
  onDone,
  successMessage,
  successArgs,
  failureMessage = 'ra.notification.http_error',
  onFailure,
  onClose,
  ...dialog
}: ConfirmedRunProps) {
  const notify = useNotify();
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    setRunning(true);
    try {
      await run();
    } catch (error) {
      setRunning(false);
      onClose();
      if (onFailure?.(error)) return;
      // The server's Dutch message is shown as it is, not looked up as a translation key.
      const message = serverMessage(error, failureMessage);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return;
    }
    await onDone?.();
    setRunning(false);
    onClose();
    if (successMessage) notify(successMessage, { type: 'success', messageArgs: successArgs });
  };

  return <ConfirmDeletion {...dialog} loading={running} onConfirm={() => void confirm()} onClose={onClose} />;
}
