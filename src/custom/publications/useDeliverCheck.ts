import { useWatch } from 'react-hook-form';
import { abTestDefaults, type AbTestFormValues } from '../abTests/abTestForm';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { participantGroupOf } from './deliveryJobData';

/**
 * The checks before sending for the deliver form's current choice (GET …/deliver-check), asked again as
 * the audience or template changes and after every change of the publication or of what it `follows`
 * (declared on the action); the last answer stays shown while the next one loads.
 */
export function useDeliverCheck(publicationId: string) {
  const audienceId = useWatch({ name: 'audienceId' }) as string | null | undefined;
  const templateId = useWatch({ name: 'publicationTemplateId' }) as string | null | undefined;
  const abTest = useWatch({ name: 'abTest' }) as AbTestFormValues | undefined;
  return useDeclaredQuery(
    'publications',
    'deliverCheck',
    { id: publicationId, data: deliverCheckChoice(audienceId, templateId, abTest) },
    { keepPrevious: true },
  );
}

/**
 * The deliver check's query for the form's audience option and template; with an A/B test of content,
 * its number of variants (the checks of the content then run for each).
 */
export function deliverCheckChoice(
  audienceId: string | null | undefined,
  templateId: string | null | undefined,
  abTest?: AbTestFormValues,
) {
  const participantGroup = participantGroupOf(audienceId);
  return {
    audienceId: participantGroup ? undefined : (audienceId ?? undefined),
    templateId: templateId ?? undefined,
    participantGroup: participantGroup ?? undefined,
    contentVariants:
      abTest?.enabled && abTest.field === 'content'
        ? (abTest.variantCount ?? abTestDefaults.variantCount)
        : undefined,
  };
}
