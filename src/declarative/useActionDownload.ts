import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { serverMessage } from '../dataProvider/serverMessage';

/**
 * Downloads the answer of a named GET action as a file ('Exporteren': `GET /list/manual/{id}/export`,
 * a form's answers, refused import rows, a media file): the console asks the server for a link with a
 * short-lived ticket, then the browser follows it and saves the file through its own downloads, streamed
 * to disk however large, never held in the page. `busy` while the link is asked for.
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
      followDownloadLink(await dataProvider.downloadLink(resource, action, params), fileName);
    } catch (error) {
      // The server's Dutch message is shown as it is, not looked up as a translation key.
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** Lets the browser fetch and save the link (an attachment: the page stays where it is). */
function followDownloadLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
