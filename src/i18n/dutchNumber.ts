// Numbers in Dutch notation, whatever the browser's language: a decimal comma and a dot between
// thousands ('30.010 ontvangers', '1,5'). One formatter for every count and figure the console shows,
// and the parser of what a user types in a number field.

const counts = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const inputs = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 20, useGrouping: false });

/** A count or figure as shown: '30.010', '1,5'. */
export function formatDutchNumber(value: number): string {
  return counts.format(value);
}

/** A number as a number field shows it for editing: a decimal comma, no thousands dots ('1,6'). */
export function formatNumberInput(value: number): string {
  return Number.isFinite(value) ? inputs.format(value) : '';
}

/**
 * What a user typed in a number field: null when empty, NaN when it is no number. A comma is the
 * decimal separator ('1,5'), and so is a single dot ('1.5', as typed on an English keyboard); with
 * both, the last one is ('1.234,5' and '1,234.5'), and several of one kind group thousands
 * ('1.000.000'). Spaces are ignored.
 */
export function parseDutchNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-');
  if (compact === '') return null;
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  let decimal: ',' | '.' | null = lastComma > lastDot ? ',' : lastDot >= 0 ? '.' : null;
  if (decimal && compact.split(decimal).length > 2) decimal = null; // several: they group thousands
  const grouping = decimal === ',' ? '.' : decimal === '.' ? ',' : compact.includes(',') ? ',' : '.';
  const [whole, fraction] = decimal ? compact.split(decimal) : [compact, undefined];
  const groups = whole.replace(/^[-+]/, '').split(grouping);
  // Thousands are grouped by three: '1.000.000' yes, '1.00.0' no.
  if (groups.length > 1 && !groups.slice(1).every((group) => /^\d{3}$/.test(group))) return Number.NaN;
  const normalised = `${whole.split(grouping).join('')}${fraction === undefined ? '' : `.${fraction}`}`;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised) ? Number(normalised) : Number.NaN;
}
