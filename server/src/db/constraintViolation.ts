/**
 * Whether a database error (either driver, possibly wrapped by Drizzle as `cause`) is a unique
 * violation, of the named index or constraint when one is given, so a caller can answer 409 for that
 * case only.
 */
export function violatesUniqueConstraint(error: unknown, constraint?: string): boolean {
  return violatesConstraint(error, '23505', constraint);
}

/**
 * Whether a database error is a foreign-key violation (of the named key when one is given): the
 * referenced row went away between the caller's check and its write.
 */
export function violatesForeignKey(error: unknown, constraint?: string): boolean {
  return violatesConstraint(error, '23503', constraint);
}

/** Whether a database error is a refused `FOR UPDATE NOWAIT`: another transaction holds the row. */
export function lockNotAvailable(error: unknown): boolean {
  return violatesConstraint(error, '55P03', undefined);
}

function violatesConstraint(error: unknown, sqlState: string, constraint: string | undefined): boolean {
  for (let current: unknown = error; isObject(current); current = (current as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== sqlState) continue;
    return (
      constraint === undefined ||
      name === constraint ||
      (typeof message === 'string' && message.includes(`"${constraint}"`))
    );
  }
  return false;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
