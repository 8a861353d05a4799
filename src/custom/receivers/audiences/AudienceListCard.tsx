import type { AudienceDetail, AudienceListDetail } from '@contract/receivers';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedRun } from '../../../declarative/ConfirmedRun';
import { Link as RouterLink } from 'react-router-dom';
import { openSlideOver } from '../../../slideover/events';
import { AudienceFilterChip } from './AudienceFilterChip';
import { useAudienceAction } from './useAudienceAction';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';

/**
 * One list of an audience: its name (a link to the list), size and filters, with 'Nieuw filter' and
 * removal of the list from the audience (confirmed), for a role that may change the audience. A deleted
 * list is shown but does not count.
 */
export function AudienceListCard({ audience, list }: { audience: AudienceDetail; list: AudienceListDetail }) {
  const translate = useTranslate();
  const runAction = useAudienceAction();
  const [confirming, setConfirming] = useState(false);
  const mayChange = useCallAccess('audiences', 'edit').shown;
  const editable = !audience.isDeleted && mayChange;

  return (
    <Card data-testid={`audience-list-${list.listId}`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <Stack sx={{ flex: 1, minWidth: 0, gap: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={`/recievers/lists/${list.listId}`} underline="hover">
                {list.title}
              </Link>
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Chip
                size="small"
                variant="outlined"
                label={translate('app.receivers.audiences.page.list_subscribers', {
                  smart_count: list.subscriberCount,
                })}
              />
              {list.isDeleted ? (
                <Chip
                  size="small"
                  color="warning"
                  label={translate('app.receivers.audiences.page.list_deleted')}
                />
              ) : null}
            </Stack>
          </Stack>
          {editable ? (
            <Tooltip title={translate('app.receivers.audiences.page.remove_list')}>
              <IconButton
                aria-label={`${translate('app.receivers.audiences.page.remove_list')}: ${list.title}`}
                onClick={() => setConfirming(true)}
              >
                <RemoveCircleOutlineIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {list.filters.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.receivers.audiences.page.no_filters')}
            </Typography>
          ) : (
            list.filters.map((filter) => (
              <AudienceFilterChip key={filter.id} list={list} filter={filter} removable={editable} />
            ))
          )}
        </Stack>
      </CardContent>
      {editable ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              openSlideOver('newAudienceFilter', { record: list, meta: { audienceId: audience.id } })
            }
          >
            {translate('app.receivers.audiences.page.add_filter')}
          </Button>
        </CardActions>
      ) : null}
      <ConfirmedRun
        isOpen={confirming}
        title="app.receivers.audiences.page.remove_list"
        content="app.receivers.audiences.page.remove_list_confirm"
        translateOptions={{ name: list.title }}
        run={() =>
          runAction(
            'removeList',
            { data: { audienceListId: list.id } },
            'app.receivers.audiences.page.list_removed',
          )
        }
        failureMessage="declarative.form.saveFailed"
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
