import type { JourneyStep } from '@contract/journeys';
import type { Publication, PublicationType } from '@contract/publications';
import { useGetOne, useTranslate } from 'react-admin';
import { OptionSelect, type Option } from './OptionSelect';

type SendStep = Extract<JourneyStep, { kind: 'send' }>;

/**
 * 'Verstuur publicatie': the publication, and one of the templates of its type (another type's
 * template cannot render it; the server refuses that too). A new publication clears the template.
 */
export function SendStepInputs({
  step,
  publications,
  onChange,
  onName,
}: {
  step: SendStep;
  publications: Option[];
  onChange(step: SendStep): void;
  /** Instead of onChange, a step that may still be named: changed and named after its publication ('welkomstmail'). */
  onName?(step: SendStep, name: string): void;
}) {
  const translate = useTranslate();
  const { data: publication } = useGetOne<Publication>(
    'publications',
    { id: step.publicationId },
    { enabled: Boolean(step.publicationId) },
  );
  const typeId = publication?.publicationTypeId;
  const { data: type } = useGetOne<PublicationType>(
    'publicationTypes',
    { id: typeId ?? '' },
    { enabled: Boolean(typeId) },
  );
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.publication')}
        value={step.publicationId}
        options={publications}
        onChange={(publicationId) => {
          const changed = { ...step, publicationId, templateId: '' };
          const name = publications.find((option) => option.id === publicationId)?.name;
          if (name && onName) onName(changed, name);
          else onChange(changed);
        }}
      />
      <OptionSelect
        label={translate('app.journeys.inputs.template')}
        value={step.templateId}
        options={type?.templates ?? []}
        onChange={(templateId) => onChange({ ...step, templateId })}
      />
    </>
  );
}
