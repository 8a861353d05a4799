/** A typed text as it is saved: without surrounding spaces ('' for nothing typed). */
export function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
