import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';

/** While a job is planned or sending, the figures are read again this often. */
export const sendingRefreshMs = 5000;

/** The publication's analytics (all jobs, or one), read again every 5 s while a job is sending. */
export function useAnalytics(publicationId: string, jobId: string | undefined) {
  const dataProvider = useDeclaredDataProvider();
  return useQuery({
    queryKey: ['publicationAnalytics', publicationId, jobId ?? null],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action('publications', 'analytics', {
          id: publicationId,
          data: { jobId },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.sending ? sendingRefreshMs : false),
  });
}
