import type { AudienceFilter, AudienceListDetail } from '@contract/receivers';
import CancelIcon from '@mui/icons-material/Cancel';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import Chip from '@mui/material/Chip';
import { useNotify, useTranslate } from 'react-admin';
import { useLabel } from '../../../declarative/useLabel';
import { filterFieldName } from './filterFieldChoices';
import { useAudienceAction } from './useAudienceAction';
import { serverMessage } from '../../../dataProvider/serverMessage';

/** A filter of an audience list in words ('Woonplaats is gelijk aan "Zwolle"'), removable with its delete icon. */
export function AudienceFilterChip({
  list,
  filter,
  removable,
}: {
  list: AudienceListDetail;
  filter: AudienceFilter;
  removable: boolean;
}) {
  const translate = useTranslate();
  const label = useLabel();
  const notify = useNotify();
  const runAction = useAudienceAction();
  const text = `${label(filterFieldName(list, filter.field))} ${translate(
    `app.receivers.audiences.operators.${filter.operator}`,
  )} "${filter.value}"`;

  const remove = async () => {
    try {
      await runAction(
        'removeFilter',
        { data: { audienceListId: list.id, filterId: filter.id } },
        'app.receivers.audiences.page.filter_removed',
      );
    } catch (error) {
      notify(serverMessage(error, 'declarative.form.saveFailed'), { type: 'error' });
    }
  };

  return (
    <Chip
      icon={<FilterAltOutlinedIcon />}
      label={text}
      onDelete={removable ? remove : undefined}
      deleteIcon={
        <CancelIcon
          role="button"
          aria-label={`${translate('app.receivers.audiences.page.remove_filter')}: ${text}`}
        />
      }
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
    />
  );
}
