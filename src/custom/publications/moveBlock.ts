/**
 * The block ids after moving the block at `index` by `offset` places (-1 up, +1 down); the same
 * order when the move would leave the list.
 */
export function moveBlock(ids: readonly string[], index: number, offset: -1 | 1): string[] {
  return moveBlockTo(ids, index, index + offset);
}

/**
 * The block ids after taking the block at `from` out and putting it in at `to` (a drag and drop: the
 * blocks between shift by one); the same order when either place is outside the list.
 */
export function moveBlockTo(ids: readonly string[], from: number, to: number): string[] {
  const order = [...ids];
  if (from < 0 || from >= order.length || to < 0 || to >= order.length) return order;
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return order;
}
