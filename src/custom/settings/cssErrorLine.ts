/** The line a server message names ('Regel 3: …', server/src/themes/advancedCss.ts), if it names one. */
export function cssErrorLine(message: string | undefined): number | undefined {
  const match = message ? /^Regel (\d+)\b/.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}

/** How many lines a text has (an empty text has one, as an editor shows it). */
export function lineCount(text: string): number {
  return text.split('\n').length;
}
