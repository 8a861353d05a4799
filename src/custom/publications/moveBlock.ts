/**
 * The block ids after moving the block at `index` by `offset` places (-1 up, +1 down); the same
 * order when the move would leave the list.
 */
export function moveBlock(ids: readonly string[], index: number, offset: -1 | 1): string[] {
  const target = index + offset;
  const order = [...ids];
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return order;
  [order[index], order[target]] = [order[target], order[index]];
  return order;
}
