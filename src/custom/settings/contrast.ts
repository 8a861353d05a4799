/**
 * WCAG 2.x contrast between two colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the
 * relative luminances L1 ≥ L2 give (L1 + 0.05) / (L2 + 0.05), from 1 (same) to 21 (black on white).
 */

/** AA for normal text (WCAG 1.4.3). */
export const minimumTextContrast = 4.5;

/** The relative luminance of `#rrggbb` (0 black … 1 white); undefined for anything else. */
export function relativeLuminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [red, green, blue] = match.slice(1).map((part) => linearChannel(parseInt(part, 16) / 255));
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function linearChannel(value: number): number {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The contrast ratio of two `#rrggbb` colours, or undefined while either is not one. */
export function contrastRatio(foreground: string, background: string): number | undefined {
  const first = relativeLuminance(foreground);
  const second = relativeLuminance(background);
  if (first === undefined || second === undefined) return undefined;
  const [lighter, darker] = first >= second ? [first, second] : [second, first];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Whether normal text in these colours meets AA (4.5:1). */
export function meetsTextContrast(ratio: number): boolean {
  // Compared as shown (one decimal, rounded down), so '4.5:1' never comes with a warning nor '4.4:1' without.
  return Math.floor(ratio * 10) / 10 >= minimumTextContrast;
}

/** The ratio as people read it: '4,5:1' (Dutch decimal comma, rounded down so a pass is never overstated). */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:1`;
}

/** The pairs of a theme whose text must be readable: what is written in which colour on which background. */
export const contrastPairs = [
  { key: 'text', foreground: 'textColor', background: 'backgroundColor' },
  { key: 'link', foreground: 'linkColor', background: 'backgroundColor' },
  // Buttons and the coloured header of a publication: button-text colour on the primary colour.
  { key: 'button', foreground: 'buttonTextColor', background: 'primaryColor' },
] as const;
