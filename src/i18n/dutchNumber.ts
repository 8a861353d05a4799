// Numbers in Dutch notation, whatever the browser's language: a decimal comma and a dot between
// thousands ('30.010 ontvangers', '1,5'). One formatter for every count and figure the console shows,
// and the parser of what a user types in a number field.

const counts = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const inputs = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 20, useGrouping: false });

/** A count or figure as shown: '30.010', '1,5'. */
export function formatDutchNumber(value: number): string {
  return counts.format(value);
}

const percentages = new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 1 });

/** A share as a percentage: 0.364 as '36,4%'. */
export function formatDutchPercentage(share: number): string {
  return percentages.format(share);
}

/** A number as a number field shows it for editing: a decimal comma, no thousands dots ('1,6'). */
export function formatNumberInput(value: number): string {
  return Number.isFinite(value) ? inputs.format(value) : '';
}

/** What a number field's text reads as: its value (null when empty), or why it is refused (an i18n key). */
export type DutchNumberReading =
  | { value: number | null }
  | { problem: 'ra.validation.number' | 'declarative.number.whole' }
  | {
      problem: 'declarative.number.ambiguous';
      args: { text: string; thousands: string; decimal: string };
    };

const notANumber = { problem: 'ra.validation.number' } as const;

/**
 * What a user typed in a number field, the Dutch way: a comma is the decimal separator ('1,5') and a dot
 * groups thousands ('1.000', '1.000.000'). A single dot before anything but three digits is a decimal
 * point ('1.5', an English keyboard); with both, the last one is ('1.234,5', '1,234.5'); several of one
 * kind group thousands. '1,000' could be one or a thousand: refused, never guessed. Without `fractions`
 * only whole numbers are accepted. Spaces are ignored.
 */
export function readDutchNumber(text: string, { fractions = true } = {}): DutchNumberReading {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-');
  if (compact === '') return { value: null };
  const sign = /^[-+]/.test(compact) ? compact[0] : '';
  const digits = compact.slice(sign.length);
  const commas = digits.split(',').length - 1;
  const dots = digits.split('.').length - 1;
  let whole = digits;
  let fraction = '';
  if (commas > 0 && dots > 0) {
    const decimal = digits.lastIndexOf(',') > digits.lastIndexOf('.') ? ',' : '.';
    if (digits.split(decimal).length > 2) return notANumber;
    [whole, fraction] = digits.split(decimal);
    whole = thousands(whole, decimal === ',' ? '.' : ',') ?? '';
    if (!whole) return notANumber;
  } else if (commas + dots > 1) {
    const grouped = thousands(digits, commas ? ',' : '.');
    if (grouped === undefined) return notANumber;
    whole = grouped;
  } else if (commas + dots === 1) {
    const separator = commas ? ',' : '.';
    [whole, fraction] = digits.split(separator);
    // '1.000' is a thousand the Dutch way; '1,000' a thousand the English way, or one the Dutch way.
    if (/^[1-9]\d{0,2}$/.test(whole) && /^\d{3}$/.test(fraction)) {
      if (separator === '.') [whole, fraction] = [whole + fraction, ''];
      else
        return {
          problem: 'declarative.number.ambiguous',
          args: {
            text: text.trim(),
            thousands: formatDutchNumber(Number(whole + fraction)),
            decimal: formatDutchNumber(Number(`${whole}.${fraction}`)),
          },
        };
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return notANumber;
  const value = Number(`${sign}${whole || '0'}.${fraction || '0'}`);
  if (!fractions && !Number.isInteger(value)) return { problem: 'declarative.number.whole' };
  return { value };
}

/** Digits grouped by three with `separator` ('1.000.000'), without it; undefined when not grouped so. */
function thousands(text: string, separator: string): string | undefined {
  const [first, ...groups] = text.split(separator);
  if (groups.length === 0) return /^\d+$/.test(first) ? first : undefined;
  return /^\d{1,3}$/.test(first) && groups.every((group) => /^\d{3}$/.test(group))
    ? first + groups.join('')
    : undefined;
}

/** What a user typed in a number field as a number: null when empty, NaN when it is refused. */
export function parseDutchNumber(text: string): number | null {
  const reading = readDutchNumber(text);
  return 'value' in reading ? reading.value : Number.NaN;
}
