/** The name part of a From header ('Gemeente Zuiderveen <nieuws@…>'), or the address when it has none. */
export function senderName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]*)>\s*$/.exec(from);
  if (!match) return from.trim();
  return match[1].trim() || match[2].trim();
}
