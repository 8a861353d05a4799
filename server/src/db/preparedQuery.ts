import type { Database } from './client';

/**
 * A query built once per database (drizzle's `.prepare(name)`) instead of on every call: for the queries of
 * a hot request, where building the SQL cost more than running it, and PostgreSQL then parses and plans a
 * named statement once per connection. `build` gets the database and returns the prepared query.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
