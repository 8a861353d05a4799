import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { fillRoute } from './fillRoute';
import { BackToOverview } from '../layout/BackToOverview';
import { DetailActionButton } from './DetailActionButton';
import { recordName } from './recordName';
import type { DetailView, RecordText } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';

/**
 * The head of a detail page: the way back, the record's title with its flags, the summary lines, the
 * header content of one's own, a notice, and the actions (a destructive one apart, at the far end).
 */
export function DetailHeader({
  declaration,
  view,
  record,
}: {
  declaration: ResourceDeclaration;
  view: DetailView<RaRecord>;
  record: RaRecord;
}) {
  const label = useLabel();
  const params = useParams();
  const text = ({ label: key, values }: RecordText<RaRecord>) => label(key, values?.(record));
  const name = recordName(declaration, record);
  const title = view.heading ? label(view.heading, { name }) : name;
  const flags = (view.flags ?? []).filter((flag) => flag.when?.(record) ?? true);
  const actions = (view.actions ?? []).filter((action) => action.when?.(record) ?? true);
  const notice = view.notice?.(record);
  const Extra = view.extra;

  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        {view.back ? (
          <BackToOverview to={fillRoute(view.back.to, params)} label={label(view.back.label, { name })} />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {flags.length > 0 ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {flags.map((flag) => (
                <Chip
                  key={flag.label}
                  label={text(flag)}
                  color={flag.color}
                  variant={flag.variant}
                  size="small"
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
        {(view.summary ?? [])
          .filter((line) => 'source' in line || !line.when || line.when(record))
          .map((line) => (
            <Typography
              key={'source' in line ? line.source : line.label}
              color="text.secondary"
              sx={{ mt: 0.5 }}
            >
              {'source' in line ? String(record[line.source] ?? '') : text(line)}
            </Typography>
          ))}
        {Extra ? <Extra record={record} /> : null}
        {notice ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {label(notice)}
          </Alert>
        ) : null}
      </CardContent>
      {actions.length > 0 ? (
        <CardActions
          sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          {actions.map((action) =>
            action.delete ? (
              <Box key={action.label} sx={{ flex: 1, display: 'flex', justifyContent: 'flex-end' }}>
                <DetailActionButton declaration={declaration} record={record} action={action} />
              </Box>
            ) : (
              <DetailActionButton
                key={action.label}
                declaration={declaration}
                record={record}
                action={action}
              />
            ),
          )}
        </CardActions>
      ) : null}
    </Card>
  );
}
