import type { FilterField, ListAttributeLabels } from '@contract/receivers';
import { filterOperators, standardFilterFields } from '@contract/receiverFields';
import { listLabels } from '../lists/listLabels';

export interface FieldChoice {
  id: FilterField;
  /** An i18n key (standard fields) or the list's own label (attributes). */
  name: string;
}

/** The fields a filter on this list may test: the standard ones, plus attribute N only when the list has label N. */
export function filterFieldChoices(list: ListAttributeLabels): FieldChoice[] {
  return [
    ...standardFilterFields.map((field) => ({
      id: field,
      name: `app.receivers.subscribers.fields.${field}`,
    })),
    ...listLabels(list).map(({ number, label }) => ({
      id: `attribute${number}` as FilterField,
      name: label,
    })),
  ];
}

/** How a filter's field is named to the user: its Dutch name, the list's label, or the raw name of a label since removed. */
export function filterFieldName(list: ListAttributeLabels, field: string): string {
  return filterFieldChoices(list).find((choice) => choice.id === field)?.name ?? field;
}

export const operatorChoices = filterOperators.map((operator) => ({
  id: operator,
  name: `app.receivers.audiences.operators.${operator}`,
}));
