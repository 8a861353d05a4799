import type { ReceiverList } from '@contract/receivers';

export interface ListPickerOptions {
  /** Lists that may not be chosen again, e.g. those already in the audience. */
  excludeIds?: readonly string[];
  /** Offer manual lists only (the audience picker, spec §5). */
  manualOnly?: boolean;
}

/** The lists a picker offers (spec §5): never deleted ones nor excluded ids, optionally manual lists only. */
export function selectableLists(
  lists: readonly ReceiverList[],
  { excludeIds = [], manualOnly = false }: ListPickerOptions,
) {
  const excluded = new Set(excludeIds);
  return lists.filter(
    (list) => !list.isDeleted && !excluded.has(list.id) && (!manualOnly || list.type === 'ManualList'),
  );
}
