import type { ReceiverList } from '@contract/receivers';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** Marks a test list in the lists table; ordinary lists show nothing. */
export function TestListMark({ list }: { list: ReceiverList }) {
  const translate = useTranslate();
  return list.isTest ? (
    <Chip label={translate('app.receivers.lists.page.test')} color="warning" size="small" />
  ) : null;
}
