import type { Validator } from 'react-admin';
import { labelSources } from '../../../resources/lists/labelSources';

const normalised = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * A list has at most nine unique fields (spec §5): a label may not repeat another label of the list,
 * whatever its case. Empty labels are free.
 */
export const uniqueLabel: Validator = (value, allValues: Record<string, unknown>) => {
  const label = normalised(value);
  if (!label) return undefined;
  const occurrences = labelSources.filter((source) => normalised(allValues[source]) === label).length;
  return occurrences > 1 ? 'app.receivers.lists.label_unique' : undefined;
};
