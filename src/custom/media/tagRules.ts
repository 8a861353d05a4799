/** What the tag form sends: the trimmed input. */
export function normalizeTagName(input: string): string {
  return input.trim();
}

/**
 * Spec §5: an empty tag is ignored and a tag the file already has (ignoring case) is not added twice.
 * Returns the name to add, or undefined when nothing should be sent.
 */
export function tagToAdd(input: string, existing: readonly { name: string }[]): string | undefined {
  const name = normalizeTagName(input);
  if (name === '') return undefined;
  const lower = name.toLocaleLowerCase('nl-NL');
  if (existing.some((tag) => tag.name.toLocaleLowerCase('nl-NL') === lower)) return undefined;
  return name;
}
