import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, type RaRecord } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { declaredQueryKey } from './declaredQueryKey';

interface ActionChoicesInputProps {
  resource: string;
  source: string;
  label: string;
  action: string;
  optionText: string;
  alwaysOn?: boolean;
}

/**
 * A table's choice filter whose choices are the answer of a named GET action (the members who appear
 * in the Logboek), read under the action's key so that a write to the resource refreshes them.
 */
export function ActionChoicesInput({ resource, source, label, action, optionText }: ActionChoicesInputProps) {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: declaredQueryKey(resource, action),
    queryFn: async ({ signal }) =>
      (await dataProvider.action(resource, action, { signal })).data as RaRecord[],
  });
  return (
    <SelectInput
      source={source}
      label={label}
      choices={data ?? []}
      optionText={optionText}
      isPending={isPending}
      emptyText="declarative.table.all"
    />
  );
}
