import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FilterField, FilterOperator } from '../contract/receivers';
import { subscribers } from '../db/schema/receivers';
import { qualifiedColumn } from './qualifiedColumn';

/** The subscriber column each filter field tests. */
export const filterColumns: Record<FilterField, PgColumn> = {
  name: subscribers.name,
  email: subscribers.email,
  phoneNumber: subscribers.phoneNumber,
  firstName: subscribers.firstName,
  middleName: subscribers.middleName,
  lastName: subscribers.lastName,
  initials: subscribers.initials,
  address: subscribers.address,
  postalCode: subscribers.postalCode,
  city: subscribers.city,
  country: subscribers.country,
  attribute1: subscribers.attribute1,
  attribute2: subscribers.attribute2,
  attribute3: subscribers.attribute3,
  attribute4: subscribers.attribute4,
  attribute5: subscribers.attribute5,
  attribute6: subscribers.attribute6,
  attribute7: subscribers.attribute7,
  attribute8: subscribers.attribute8,
  attribute9: subscribers.attribute9,
};

export interface FilterDefinition {
  field: string;
  operator: string;
  value: string;
}

const isFilterField = (field: string): field is FilterField => Object.hasOwn(filterColumns, field);

/**
 * A filter as an SQL condition on the `subscribers` row. Comparisons ignore case; a missing value
 * compares as the empty string. The column comes from the fixed field list, the value is a parameter.
 * An unknown field or operator (never stored by the API) matches nobody.
 */
export function filterCondition({ field, operator, value }: FilterDefinition): SQL {
  if (!isFilterField(field)) return sql`false`;
  const actual = sql`lower(coalesce(${qualifiedColumn(filterColumns[field])}, ''))`;
  const expected = sql`lower(${value})`;
  const conditions: Record<FilterOperator, SQL> = {
    IsEqual: sql`${actual} = ${expected}`,
    IsNotEqual: sql`${actual} <> ${expected}`,
    StartsWith: sql`starts_with(${actual}, ${expected})`,
    EndsWith: sql`right(${actual}, length(${expected})) = ${expected}`,
    Contains: sql`strpos(${actual}, ${expected}) > 0`,
  };
  return Object.hasOwn(conditions, operator) ? conditions[operator as FilterOperator] : sql`false`;
}

/** All filters of one list as one condition (`true` without filters). */
export function passesAllFilters(filters: readonly FilterDefinition[]): SQL {
  return filters.length === 0 ? sql`true` : (and(...filters.map(filterCondition)) as SQL);
}
