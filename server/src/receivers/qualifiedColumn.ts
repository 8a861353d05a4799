import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`, always. Drizzle leaves the table name out in a query on one table, which would
 * make a correlated subquery in a raw SQL fragment bind the column to the subquery's own table.
 */
export function qualifiedColumn(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
