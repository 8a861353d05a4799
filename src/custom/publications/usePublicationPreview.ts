import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { useRefreshEvents } from '../../slideover/refreshEvents';

const previewKey = 'publicationPreview';

/**
 * The publication rendered through a template ({html, text}), rendered again after every change of the
 * publication or its blocks (each save broadcasts 'refreshpublication'). The last rendering stays shown
 * while the next one loads, so the preview does not flash.
 */
export function usePublicationPreview(publicationId: string, templateId: string | undefined) {
  const dataProvider = useDeclaredDataProvider();
  const queryClient = useQueryClient();
  useRefreshEvents(['refreshpublication'], () => {
    void queryClient.invalidateQueries({ queryKey: [previewKey, publicationId] });
  });
  return useQuery({
    queryKey: [previewKey, publicationId, templateId],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action('publications', 'render', {
          id: publicationId,
          data: { templateId },
          signal,
        })
      ).data,
    enabled: Boolean(templateId),
    placeholderData: keepPreviousData,
  });
}
