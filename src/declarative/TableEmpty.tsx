import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ListNoResults, useListContext } from 'react-admin';
import { CreateButton } from './CreateButton';
import type { Label } from './label';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';

/**
 * The table without rows: the declared text (e.g. 'Er zijn nog geen lijsten') with the action that
 * fills it ('Nieuwe Lijst') where the resource has a create view, or react-admin's Dutch 'no results'
 * texts, which also offer to clear a search that found nothing.
 */
export function TableEmpty({
  text,
  declaration,
  meta,
}: {
  text?: Label;
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
}) {
  const { filterValues } = useListContext();
  const label = useLabel();
  if (!text || Object.keys(filterValues).length > 0) return <ListNoResults />;
  return (
    <CardContent>
      <Typography variant="body2" sx={{ mb: declaration.views.create ? 2 : 0 }}>
        {label(text)}
      </Typography>
      <CreateButton declaration={declaration} meta={meta} variant="contained" />
    </CardContent>
  );
}
