import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { serverMessage } from '../dataProvider/serverMessage';
import type { UploadDeclaration } from './detailView';
import { useLabel } from './useLabel';

export interface UploadActionButtonProps extends Pick<ButtonProps, 'variant' | 'startIcon'> {
  resource: string;
  record: RaRecord;
  upload: UploadDeclaration;
  /** Call values of the page (e.g. `{listId}`), for the action's path. */
  meta?: Record<string, unknown>;
  text: string;
}

/**
 * A header button that sends a file the user picks to one of the resource's upload actions with the
 * record (multipart, field `file`, through `dataProvider.upload`, which refreshes what it changed).
 */
export function UploadActionButton({
  resource,
  record,
  upload,
  meta,
  text,
  ...button
}: UploadActionButtonProps) {
  const label = useLabel();
  const notify = useNotify();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);

  const send = async (file: File) => {
    setSending(true);
    try {
      await dataProvider.upload(resource, upload.action, { id: record.id, meta, file });
      if (upload.successMessage)
        notify(label(upload.successMessage, { name: file.name }), { type: 'success' });
    } catch (error) {
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button {...button} disabled={sending} onClick={() => input.current?.click()}>
        {text}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={text}
        accept={upload.accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
    </>
  );
}
