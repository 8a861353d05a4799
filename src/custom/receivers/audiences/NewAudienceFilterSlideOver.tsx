import type { AudienceListDetail } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SaveButton, SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { submissionErrors } from '../../../declarative/submissionErrors';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { PanelForm } from '../PanelForm';
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
  const [serverError, setServerError] = useState<string>();

  async function submit(values: Record<string, unknown>) {
    setServerError(undefined);
    try {
      await runAction(
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
      );
    } catch (error) {
      const errors = submissionErrors(error, formSources, translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    close();
    return undefined;
  }

  return (
    <PanelForm onSubmit={submit} defaultValues={{ field: null, operator: 'IsEqual', value: '' }} noValidate>
      <SlideOverPanel
        title={translate('app.receivers.audiences.filter.title')}
        actions={
          <>
            <SlideOverCloseButton />
            <SaveButton label="app.receivers.audiences.filter.submit" alwaysEnable />
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.receivers.audiences.filter.intro', { name: list.title })}
        </Typography>
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
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
      </SlideOverPanel>
    </PanelForm>
  );
}
