/** Whether a database error (either driver, possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/**
 * Whether a database error is a foreign-key violation: a row referring to one that is gone, e.g. an
 * upload or a new folder into a folder that was deleted meanwhile.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

function hasSqlState(error: unknown, code: string): boolean {
  for (
    let current = error;
    current instanceof Error || isObject(current);
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === code) return true;
    if (!(current as { cause?: unknown }).cause) break;
  }
  return false;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
