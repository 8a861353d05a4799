import type { AudienceListDetail } from '@contract/receivers';
import { SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { SlideOverForm } from '../../../declarative/SlideOverForm';
import { useSubmitWithServerError } from '../../../declarative/useSubmitWithServerError';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { filterFieldChoices, operatorChoices } from './filterFieldChoices';
import { useAudienceAction } from './useAudienceAction';

const requireField = required('app.receivers.required.filter_field');
const requireOperator = required('app.receivers.required.filter_operator');
const requireValue = required('app.receivers.required.filter_value');
const formSources = ['field', 'operator', 'value'];

/**
 * 'New audience filter' (spec §2, §5) for one list of an audience: field, operator and value, all
 * required. The fields are the spec's, plus the attributes the list has a label for.
 */
export function NewAudienceFilterSlideOver({ record }: FormViewProps) {
  const list = record as AudienceListDetail;
  const translate = useTranslate();
  const { close } = useSlideOver();
  const runAction = useAudienceAction();
  const form = useSubmitWithServerError(
    (values) =>
      runAction(
        'addFilter',
        {
          data: {
            audienceListId: list.id,
            field: values.field,
            operator: values.operator,
            value: String(values.value ?? '').trim(),
          },
        },
        'app.receivers.audiences.filter.added',
      ),
    formSources,
    close,
  );

  return (
    <SlideOverForm
      title={translate('app.receivers.audiences.filter.title')}
      submitLabel="app.receivers.audiences.filter.submit"
      description={translate('app.receivers.audiences.filter.intro', { name: list.title })}
      defaultValues={{ field: null, operator: 'IsEqual', value: '' }}
      {...form}
    >
      <SelectInput
        source="field"
        label="app.receivers.audiences.filter.field"
        choices={filterFieldChoices(list)}
        validate={requireField}
        fullWidth
      />
      <SelectInput
        source="operator"
        label="app.receivers.audiences.filter.operator"
        choices={operatorChoices}
        validate={requireOperator}
        fullWidth
      />
      <TextInput
        source="value"
        label="app.receivers.audiences.filter.value"
        validate={requireValue}
        fullWidth
      />
    </SlideOverForm>
  );
}
