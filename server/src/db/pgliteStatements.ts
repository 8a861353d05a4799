import type { messages, PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** PGlite's module, imported only where PGlite is used (db/client.ts). */
type PgliteModule = typeof import('@electric-sql/pglite');

// PGlite answers `query()` with the extended protocol on an unnamed statement: every call parses,
// analyses and plans its SQL again and crosses into WebAssembly six times (parse, describe, bind,
// describe, execute, sync). Measured on the console's preview query: 1.3 ms a call, against 0.2 ms for
// the same statement parsed once (docs/performance.md, "Rendering publications"). So this process keeps
// its statements as named ones, by their text, as node-postgres does for a named query: parsed and
// described once, then only bound and executed. The plans are PostgreSQL's own plan cache's (custom for the
// first five executions, then generic only where that is estimated no dearer), as on PostgreSQL for the
// queries the code prepares by name. Queries inside a transaction (PGlite's `tx.query`) are not kept.

/** Statements kept at once; the least recently used is closed beyond it. */
export const keptStatementLimit = 500;
/** Longer texts (bulk inserts of many rows) are run the plain way: used once, they would only take room. */
const longestKeptText = 16_000;
/**
 * Errors after which a kept statement is parsed anew: 'cached plan must not change result type' (a table's
 * columns changed under it) and an unknown statement name.
 */
const staleStatementCodes = new Set(['0A000', '26000']);

interface KeptStatement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them when the statement was parsed. */
  parameterTypes: number[];
  /** How the rows look (absent for a statement that returns none). */
  rowDescription?: messages.BackendMessage;
}

/** Makes `client.query` keep its statements (call once, right after the client is created). */
export function keepPgliteStatements(
  client: PGlite,
  { parse, protocol, messages: backendMessages }: PgliteModule,
  limit = keptStatementLimit,
): void {
  const plainQuery = client.query.bind(client);
  const kept = new Map<string, KeptStatement>();
  let named = 0;

  const exchange = (message: Uint8Array, options?: QueryOptions) =>
    client.execProtocolStream(message, { onNotice: options?.onNotice, syncToFs: false });

  const forget = async (text: string, statement: KeptStatement, options?: QueryOptions) => {
    kept.delete(text);
    await exchange(protocol.serialize.close({ type: 'S', name: statement.name }), options);
    await exchange(protocol.serialize.sync(), options);
  };

  const statementFor = async (text: string, options?: QueryOptions): Promise<KeptStatement> => {
    const known = kept.get(text);
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      kept.delete(text);
      kept.set(text, known);
      return known;
    }
    const name = `dpp_${++named}`;
    await exchange(protocol.serialize.parse({ name, text }), options);
    const described = await exchange(protocol.serialize.describe({ type: 'S', name }), options);
    const statement: KeptStatement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    kept.set(text, statement);
    if (kept.size > limit) {
      const [oldestText, oldest] = kept.entries().next().value!;
      await forget(oldestText, oldest, options);
    }
    return statement;
  };

  // Values are turned into text as PGlite's own `query` does: by the type PostgreSQL gave the parameter.
  const serialized = (statement: KeptStatement, params: unknown[], options?: QueryOptions) =>
    params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index];
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(value) : String(value);
    });

  /** Errors of a statement kept from an earlier call that PostgreSQL no longer runs. */
  const staleErrors = new WeakSet<object>();

  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const messages: messages.BackendMessage[] = [];
    const keptBefore = kept.has(text);
    let stale: KeptStatement | undefined;
    try {
      const statement = await statementFor(text, options);
      if (statement.rowDescription) messages.push(statement.rowDescription);
      const bind = protocol.serialize.bind({
        statement: statement.name,
        values: serialized(statement, params, options),
      });
      messages.push(...(await exchange(bind, options)));
      messages.push(...(await exchange(protocol.serialize.execute({}), options)));
    } catch (error) {
      if (error instanceof backendMessages.DatabaseError) {
        // A kept statement PostgreSQL no longer runs (its result's shape changed with the tables, or it
        // is gone) is parsed anew next time; one that met bad data or a constraint stays.
        if (error.code !== undefined && staleStatementCodes.has(error.code)) {
          stale = kept.get(text);
          if (keptBefore) staleErrors.add(error);
        }
        // As PGlite's own errors: the query and its parameters attached.
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    } finally {
      messages.push(...(await exchange(protocol.serialize.sync(), options)));
      // Only after the sync: after an error PostgreSQL ignores every message until one.
      if (stale) await forget(text, stale, options);
    }
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  };

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (options?.blob || options?.paramTypes || text.length > longestKeptText)
      return plainQuery<T>(text, params, options);
    await client._checkReady();
    // The same locks as PGlite's own `query`: never inside another caller's transaction.
    const locked = () =>
      client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options)));
    try {
      return await locked();
    } catch (error) {
      // Refused before it ran (a statement's plan is checked against the tables first): parsed anew, once.
      if (error instanceof Error && staleErrors.has(error)) return locked();
      throw error;
    }
  };
}
