import type { Identifier, RaRecord } from 'react-admin';

/**
 * The record a write call results in, when the declaration has no response mapper. The answer is
 * merged over what the console already knows (the sent data, the previous record):
 * - a record or `{id}` answer wins field by field;
 * - a bare id is the new record's id, for creates (`POST /list/manual?title=` answers it);
 * - an empty answer (204) leaves the known record as it is.
 */
export function recordFromAnswer(
  answer: unknown,
  known: Record<string, unknown>,
  { bareIdIsNewId }: { bareIdIsNewId: boolean },
): RaRecord {
  const record: Record<string, unknown> = isPlainObject(answer)
    ? { ...known, ...answer }
    : bareIdIsNewId && isIdentifier(answer)
      ? { ...known, id: answer }
      : known;
  if (!isIdentifier(record.id)) {
    throw new Error('The answer gives no record id: declare a response mapper for this endpoint');
  }
  return record as RaRecord;
}

export function isIdentifier(value: unknown): value is Identifier {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
