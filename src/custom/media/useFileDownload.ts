import type { MediaFile } from '@contract/media';
import { useCallback } from 'react';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { saveBlob } from './saveBlob';
import { environmentUrl, useApiAccess } from './useApiAccess';

/**
 * Downloads a file under its original name (`GET /file/{id}/download`, which answers it as an
 * attachment): the bytes arrive with the bearer token, then the browser saves them.
 */
export function useFileDownload(): (file: Pick<MediaFile, 'id' | 'originalName'>) => Promise<void> {
  const apiAccess = useApiAccess();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async (file) => {
      try {
        const access = await apiAccess();
        const response = await fetch(
          environmentUrl(access, `/file/${encodeURIComponent(file.id)}/download`),
          {
            headers: {
              Authorization: `Bearer ${access.accessToken}`,
              'X-Environment-Id': access.environmentId,
            },
          },
        );
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { message?: string };
          throw new HttpError(body.message ?? response.statusText, response.status, body);
        }
        saveBlob(await response.blob(), file.originalName);
      } catch (error) {
        if (error instanceof HttpError && (await logoutIfAccessDenied(error))) return;
        notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
          type: 'error',
        });
      }
    },
    [apiAccess, logoutIfAccessDenied, notify],
  );
}
