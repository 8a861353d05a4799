import type { SenderSettings } from '@contract/sending';
import { useGetOne } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';

/** The environment's sender record (GET /sender), read through the declared `sender` resource. */
export function useSender() {
  return useGetOne<SenderSettings>('sender', { id: singletonRecordId as SenderSettings['id'] });
}
