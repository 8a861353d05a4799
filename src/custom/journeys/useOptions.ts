import { useGetList } from 'react-admin';
import type { Option } from './OptionSelect';

/** The records of a resource as options (their `name` field shown), read only while `enabled`. */
export function useOptions(
  resource: string,
  name: string,
  filter: Record<string, unknown> = {},
  enabled = true,
): Option[] {
  const { data = [] } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 250 }, sort: { field: name, order: 'ASC' }, filter },
    { enabled },
  );
  return data.map((record) => ({
    id: String(record.id),
    name: String((record as Record<string, unknown>)[name] ?? ''),
  }));
}
