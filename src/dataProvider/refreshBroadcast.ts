/**
 * The refresh events of spec §4 ('After saves, refresh events are broadcast through window events'): a
 * plain `CustomEvent` without detail on `window`, for code outside the console's cache (an embedding
 * page, a browser extension). The console itself never listens to them: its views read through
 * react-query and are refreshed at the data edge (withAfterSave). A resource names the ones its writes
 * announce (`broadcasts` in its declaration).
 */
export const refreshEventNames = [
  'refreshmedia',
  'refreshlists',
  'refreshlist',
  'refreshSubscribers',
  'refreshUnsubscribers',
  'refreshpublication',
  'refreshpublicationtemplates',
  'refreshaudience',
  'refreshflows',
  'refreshflow',
  'refreshflowfield',
  'refreshwebfonts',
] as const;

export type RefreshEventName = (typeof refreshEventNames)[number];

export function broadcastRefresh(names: readonly RefreshEventName[]): void {
  for (const name of names) window.dispatchEvent(new CustomEvent(name));
}
