/**
 * The subscriber fields and operators of audience filters (spec §5), as plain values: the contract's
 * schemas validate with them and the console offers them as choices, from this one list.
 */
export const filterOperators = ['IsEqual', 'IsNotEqual', 'StartsWith', 'EndsWith', 'Contains'] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** The operators' Dutch names, once: the audience filters and the journeys' field conditions show these. */
export const filterOperatorLabels: Record<FilterOperator, string> = {
  IsEqual: 'is gelijk aan',
  IsNotEqual: 'is niet gelijk aan',
  StartsWith: 'begint met',
  EndsWith: 'eindigt op',
  Contains: 'bevat',
};

/** Subscriber fields a filter may test (spec §5); attributeN only when the list has label N. */
export const standardFilterFields = [
  'name',
  'email',
  'phoneNumber',
  'firstName',
  'middleName',
  'lastName',
  'initials',
  'address',
  'postalCode',
  'city',
  'country',
] as const;
export const attributeFilterFields = [
  'attribute1',
  'attribute2',
  'attribute3',
  'attribute4',
  'attribute5',
  'attribute6',
  'attribute7',
  'attribute8',
  'attribute9',
] as const;
export const filterFields = [...standardFilterFields, ...attributeFilterFields] as const;
export type StandardFilterField = (typeof standardFilterFields)[number];
export type AttributeFilterField = (typeof attributeFilterFields)[number];
export type FilterField = (typeof filterFields)[number];
