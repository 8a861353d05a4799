import type { ReceiverList } from '@contract/receivers';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { listLabels } from './listLabels';

/** The labels a list has set, in the head of its page ('Labels: Wijk, Abonnement' or 'Geen labels'). */
export function ListLabels({ record: list }: { record: ReceiverList }) {
  const translate = useTranslate();
  const labels = listLabels(list);
  return (
    <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.receivers.lists.page.labels')}:
      </Typography>
      {labels.length > 0 ? (
        labels.map(({ number, label }) => (
          <Chip key={number} icon={<LabelOutlinedIcon />} label={label} size="small" variant="outlined" />
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.receivers.lists.page.no_labels')}
        </Typography>
      )}
    </Stack>
  );
}
