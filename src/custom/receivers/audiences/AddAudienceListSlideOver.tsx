import type { AudienceDetail, ReceiverList } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SaveButton, SelectInput, required, useGetList, useTranslate } from 'react-admin';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { submissionErrors } from '../../../declarative/submissionErrors';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { PanelForm } from '../PanelForm';
import { selectableLists } from './selectableLists';
import { useAudienceAction } from './useAudienceAction';
import { pageSize } from '@contract/paging';

const requireList = required('app.receivers.required.list');

/**
 * 'Add list to audience' (spec §2, §5): a picker of the manual lists that are not deleted and not yet
 * in the audience; 'Selecteer een lijst' when none is chosen, 'Er zijn geen lijsten meer om uit te
 * kiezen' when there is nothing left to choose.
 */
export function AddAudienceListSlideOver({ record }: FormViewProps) {
  const audience = record as AudienceDetail;
  const translate = useTranslate();
  const { close } = useSlideOver();
  const runAction = useAudienceAction();
  const [serverError, setServerError] = useState<string>();
  const { data, isPending } = useGetList<ReceiverList>('lists', {
    pagination: { page: 1, perPage: pageSize },
    sort: { field: 'title', order: 'ASC' },
    filter: { isDeleted: false, type: 'ManualList' },
  });
  const choices = selectableLists(data ?? [], {
    excludeIds: audience.lists.map((list) => list.listId),
    manualOnly: true,
  });
  const nothingLeft = !isPending && choices.length === 0;

  async function submit(values: Record<string, unknown>) {
    setServerError(undefined);
    try {
      await runAction(
        'addList',
        { id: String(audience.id), data: { listId: values.listId } },
        'app.receivers.audiences.add_list.added',
      );
    } catch (error) {
      const errors = submissionErrors(error, ['listId'], translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    close();
    return undefined;
  }

  return (
    <PanelForm onSubmit={submit} defaultValues={{ listId: null }} noValidate>
      <SlideOverPanel
        title={translate('app.receivers.audiences.add_list.title')}
        actions={
          <>
            <SlideOverCloseButton />
            {nothingLeft ? null : <SaveButton label="app.receivers.audiences.add_list.submit" alwaysEnable />}
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.receivers.audiences.add_list.intro', { name: audience.name })}
        </Typography>
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
        {isPending ? (
          <LoadingMessage />
        ) : nothingLeft ? (
          <Alert severity="info">{translate('app.receivers.audiences.add_list.none')}</Alert>
        ) : (
          <SelectInput
            source="listId"
            label="app.receivers.audiences.add_list.list"
            choices={choices}
            optionText="title"
            validate={requireList}
            fullWidth
          />
        )}
      </SlideOverPanel>
    </PanelForm>
  );
}
