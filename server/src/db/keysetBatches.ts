/**
 * Reads a long result a batch at a time by keyset: `read` answers the rows after the cursor (all from the
 * start when it is undefined) in cursor order, at most one batch; `cursorOf` takes the cursor from the
 * last row. Unlike OFFSET, every batch costs the same, and only one batch is in memory at a time. Stops
 * at the first empty batch.
 */
export async function* keysetBatches<Row, Cursor>(
  read: (after: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (last: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const batch = await read(after);
    if (batch.length === 0) return;
    yield batch;
    after = cursorOf(batch[batch.length - 1]);
  }
}
