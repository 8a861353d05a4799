/** react-admin types params.data, meta and filter as `any`; a missing one gives no values. */
export function asValues(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
