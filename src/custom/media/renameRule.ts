/**
 * Spec §5: the rename of a file is only sent when the new value is non-empty. Returns the name to save
 * when the inline editor loses focus, or undefined to keep the current name (empty or unchanged).
 */
export function nameToSave(draft: string, current: string): string | undefined {
  const name = draft.trim();
  if (name === '' || name === current) return undefined;
  return name;
}
