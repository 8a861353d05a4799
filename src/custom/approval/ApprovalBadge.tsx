import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';

/** The count beside 'Goed te keuren': requests waiting that the signed-in member may decide. */
export function ApprovalBadge() {
  const translate = useTranslate();
  const { data } = useDeclaredQuery('approvals', 'count');
  const waiting = data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <Chip
      data-testid="approval-badge"
      size="small"
      color="primary"
      label={waiting}
      aria-label={translate('app.approval.badge', { smart_count: waiting })}
      title={translate('app.approval.badge', { smart_count: waiting })}
    />
  );
}
