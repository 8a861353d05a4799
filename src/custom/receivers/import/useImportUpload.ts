import { useCallback } from 'react';
import { HttpError } from 'react-admin';
import { sendUpload } from '../../media/uploadRequest';
import { environmentUrl, useApiAccess } from '../../media/useApiAccess';

/**
 * The two multipart calls of an import: `POST …/imports/preview` (the file's format, header and first
 * rows; nothing kept) and `POST …/imports` (start). XMLHttpRequest for the upload's progress; a refusal
 * becomes an HttpError carrying the server's Dutch message.
 */
export function useImportUpload(listId: string) {
  const apiAccess = useApiAccess();
  return useCallback(
    async <TAnswer>(
      call: 'preview' | 'start',
      file: File,
      fields: Record<string, string> = {},
      onProgress?: (loaded: number, total: number) => void,
    ): Promise<TAnswer> => {
      const access = await apiAccess();
      const path = `/list/manual/${encodeURIComponent(listId)}/imports${call === 'preview' ? '/preview' : ''}`;
      const answer = await sendUpload<TAnswer>({
        url: environmentUrl(access, path),
        accessToken: access.accessToken,
        environmentId: access.environmentId,
        file,
        fields,
        onProgress,
      });
      if (answer.status >= 200 && answer.status < 300) return answer.body as TAnswer;
      const body = answer.body as { message?: string } | null;
      throw new HttpError(body?.message ?? 'ra.notification.http_error', answer.status, body);
    },
    [apiAccess, listId],
  );
}
