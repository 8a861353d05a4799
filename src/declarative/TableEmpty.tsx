import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ListNoResults, useListContext } from 'react-admin';
import type { Label } from './label';
import { useLabel } from './useLabel';

/**
 * The table without rows: the declared text (e.g. 'Er zijn nog geen lijsten'), or react-admin's
 * Dutch 'no results' texts, which also offer to clear a search that found nothing.
 */
export function TableEmpty({ text }: { text?: Label }) {
  const { filterValues } = useListContext();
  const label = useLabel();
  if (!text || Object.keys(filterValues).length > 0) return <ListNoResults />;
  return (
    <CardContent>
      <Typography variant="body2">{label(text)}</Typography>
    </CardContent>
  );
}
