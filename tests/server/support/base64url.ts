const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The other base64url spellings of the same bytes: when the bit count is not a multiple of 6, the last
 * character carries unused bits, and a lenient decoder reads every setting of them as the same bytes.
 */
export function otherSpellings(encoded: string): string[] {
  const bytes = Buffer.from(encoded, 'base64url');
  const head = encoded.slice(0, -1);
  return [...alphabet]
    .map((last) => head + last)
    .filter((spelling) => spelling !== encoded && Buffer.from(spelling, 'base64url').equals(bytes));
}
