import type { DeliverCheck } from '@contract/publications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { DeclaredDataProvider } from '../../dataProvider/declaredDataProvider';
import { useRefreshEvents } from '../../slideover/refreshEvents';
import { rsvpAudienceChoice } from './deliveryJobData';

const checkKey = 'deliverCheck';

/**
 * The checks before sending for the deliver form's current choice (GET …/deliver-check), asked again as
 * the audience or template changes and after every change of the publication; the last answer stays
 * shown while the next one loads.
 */
export function useDeliverCheck(publicationId: string) {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const queryClient = useQueryClient();
  const audienceId = useWatch({ name: 'audienceId' }) as string | null | undefined;
  const templateId = useWatch({ name: 'publicationTemplateId' }) as string | null | undefined;
  const onlyAcceptedRsvp = audienceId === rsvpAudienceChoice;
  const choice = {
    audienceId: onlyAcceptedRsvp ? undefined : (audienceId ?? undefined),
    templateId: templateId ?? undefined,
    onlyAcceptedRsvp: onlyAcceptedRsvp || undefined,
  };
  useRefreshEvents(['refreshpublication', 'refreshaudience'], () => {
    void queryClient.invalidateQueries({ queryKey: [checkKey, publicationId] });
  });
  return useQuery({
    queryKey: [checkKey, publicationId, choice],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action<DeliverCheck>('publications', 'deliverCheck', {
          id: publicationId,
          data: choice,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
