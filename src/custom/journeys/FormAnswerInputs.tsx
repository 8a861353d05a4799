import { useGetList, useTranslate } from 'react-admin';
import { OptionSelect } from './OptionSelect';
import { useOptions } from './useOptions';

export interface FormAnswer {
  flowId: string;
  emailFieldId: string;
  optionId: string | null;
}

/** A form, its text question holding the address, and (optionally) an option of its choice questions. */
export function FormAnswerInputs({
  value,
  onChange,
  optional,
}: {
  value: { flowId: string; emailFieldId: string; optionId?: string | null };
  onChange(value: FormAnswer): void;
  optional?: boolean;
}) {
  const translate = useTranslate();
  const forms = useOptions('flows', 'name');
  const { data: questions = [] } = useGetList(
    'flowFields',
    { pagination: { page: 1, perPage: 250 }, filter: { flowId: value.flowId } },
    { enabled: Boolean(value.flowId) },
  );
  const choice = questions.find((question) => question.type === 0);
  const options = useOptions(
    'fieldOptions',
    'label',
    { flowId: value.flowId, fieldId: choice?.id },
    Boolean(choice),
  );
  const current: FormAnswer = {
    flowId: value.flowId,
    emailFieldId: value.emailFieldId,
    optionId: value.optionId ?? null,
  };
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.form')}
        value={value.flowId}
        options={forms}
        onChange={(flowId) => onChange({ flowId, emailFieldId: '', optionId: null })}
      />
      <OptionSelect
        label={translate('app.journeys.inputs.email_question')}
        value={value.emailFieldId}
        options={questions
          .filter((question) => question.type === 1)
          .map((question) => ({ id: String(question.id), name: String(question.label) }))}
        onChange={(emailFieldId) => onChange({ ...current, emailFieldId })}
      />
      <OptionSelect
        label={translate(
          optional ? 'app.journeys.inputs.chosen_option_optional' : 'app.journeys.inputs.chosen_option',
        )}
        value={value.optionId ?? ''}
        options={[
          ...(optional ? [{ id: '', name: translate('app.journeys.inputs.any_option') }] : []),
          ...options,
        ]}
        onChange={(optionId) => onChange({ ...current, optionId: optionId || null })}
      />
    </>
  );
}
