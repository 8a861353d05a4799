import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { saveBlob } from '../custom/media/saveBlob';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';

/**
 * Saves the answer of a named action as a file ('Exporteren': `GET /list/manual/{id}/export`): the
 * server writes the CSV, the console hands it to the browser. `busy` while it arrives.
 */
export function useActionDownload(resource: string): {
  busy: boolean;
  download(
    action: string,
    params: { id?: string; meta?: Record<string, unknown> },
    fileName: string,
  ): Promise<void>;
} {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (
    action: string,
    params: { id?: string; meta?: Record<string, unknown> },
    fileName: string,
  ) => {
    setBusy(true);
    try {
      const { data } = await dataProvider.action<string | Blob>(resource, action, params);
      saveBlob(data instanceof Blob ? data : new Blob([data], { type: 'text/csv;charset=utf-8' }), fileName);
    } catch (error) {
      // The server's Dutch message is shown as it is, not looked up as a translation key.
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
