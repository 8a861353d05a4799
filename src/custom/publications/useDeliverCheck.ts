import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { useRefreshEvents } from '../../slideover/refreshEvents';
import { participantGroupOf } from './deliveryJobData';

const checkKey = 'deliverCheck';

/**
 * The checks before sending for the deliver form's current choice (GET …/deliver-check), asked again as
 * the audience or template changes and after every change of the publication; the last answer stays
 * shown while the next one loads.
 */
export function useDeliverCheck(publicationId: string) {
  const dataProvider = useDeclaredDataProvider();
  const queryClient = useQueryClient();
  const audienceId = useWatch({ name: 'audienceId' }) as string | null | undefined;
  const templateId = useWatch({ name: 'publicationTemplateId' }) as string | null | undefined;
  const participantGroup = participantGroupOf(audienceId);
  const choice = {
    audienceId: participantGroup ? undefined : (audienceId ?? undefined),
    templateId: templateId ?? undefined,
    participantGroup: participantGroup ?? undefined,
  };
  useRefreshEvents(['refreshpublication', 'refreshaudience'], () => {
    void queryClient.invalidateQueries({ queryKey: [checkKey, publicationId] });
  });
  return useQuery({
    queryKey: [checkKey, publicationId, choice],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action('publications', 'deliverCheck', {
          id: publicationId,
          data: choice,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
