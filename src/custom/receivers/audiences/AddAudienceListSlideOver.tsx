import type { AudienceDetail, ReceiverList } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import { SelectInput, required, useGetList, useTranslate } from 'react-admin';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { SlideOverForm } from '../../../declarative/SlideOverForm';
import { useSubmitWithServerError } from '../../../declarative/useSubmitWithServerError';
import type { FormViewProps } from '../../../declarative/viewDeclaration';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { selectableLists } from './selectableLists';
import { useAudienceAction } from './useAudienceAction';

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
  const { data, isPending } = useGetList<ReceiverList>('lists', {
    pagination: { page: 1, perPage: 250 },
    sort: { field: 'title', order: 'ASC' },
    filter: { isDeleted: false, type: 'ManualList' },
  });
  const choices = selectableLists(data ?? [], {
    excludeIds: audience.lists.map((list) => list.listId),
    manualOnly: true,
  });
  const nothingLeft = !isPending && choices.length === 0;
  const form = useSubmitWithServerError(
    (values) =>
      runAction(
        'addList',
        { id: String(audience.id), data: { listId: values.listId } },
        'app.receivers.audiences.add_list.added',
      ),
    ['listId'],
    close,
  );

  return (
    <SlideOverForm
      title={translate('app.receivers.audiences.add_list.title')}
      submitLabel="app.receivers.audiences.add_list.submit"
      canSubmit={!nothingLeft}
      description={translate('app.receivers.audiences.add_list.intro', { name: audience.name })}
      defaultValues={{ listId: null }}
      {...form}
    >
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
    </SlideOverForm>
  );
}
