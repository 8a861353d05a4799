import type { Identifier, RaRecord } from 'react-admin';

/** What a picker offers (spec §5): never deleted records, nor the excluded ids. */
export function pickableRecords<TRecord extends RaRecord & { isDeleted?: boolean }>(
  records: readonly TRecord[],
  excludedIds: readonly Identifier[],
): TRecord[] {
  const excluded = new Set(excludedIds.map(String));
  return records.filter((record) => !record.isDeleted && !excluded.has(String(record.id)));
}
