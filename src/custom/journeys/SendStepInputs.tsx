import type { JourneyStep } from '@contract/journeys';
import { useGetList, useTranslate } from 'react-admin';
import { OptionSelect, type Option } from './OptionSelect';

type SendStep = Extract<JourneyStep, { kind: 'send' }>;

/** 'Verstuur publicatie': the publication and the template to send it with. */
export function SendStepInputs({
  step,
  publications,
  onChange,
}: {
  step: SendStep;
  publications: Option[];
  onChange(step: SendStep): void;
}) {
  const translate = useTranslate();
  const { data: types = [] } = useGetList('publicationTypes', { pagination: { page: 1, perPage: 250 } });
  const templates = types.flatMap((type) =>
    (type.templates as Option[]).map((template) => ({
      id: template.id,
      name: `${type.name}: ${template.name}`,
    })),
  );
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.publication')}
        value={step.publicationId}
        options={publications}
        onChange={(publicationId) => onChange({ ...step, publicationId })}
      />
      <OptionSelect
        label={translate('app.journeys.inputs.template')}
        value={step.templateId}
        options={templates}
        onChange={(templateId) => onChange({ ...step, templateId })}
      />
    </>
  );
}
