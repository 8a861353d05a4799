import polyglotI18nProvider from 'ra-i18n-polyglot';
import { formatDutchNumber } from './dutchNumber';
import { nl } from './nl';

/**
 * Polyglot's interpolation with numbers in Dutch notation: '%{smart_count} ontvangers' with 30010 reads
 * '30.010 ontvangers' in every browser. The plural form is still chosen from the number itself.
 */
function replaceWithDutchNumbers(
  this: string,
  pattern: RegExp,
  replacement: (expression: string, argument: string) => unknown,
): string {
  return this.replace(pattern, (expression: string, argument: string) => {
    const value = replacement(expression, argument);
    return typeof value === 'number' ? formatDutchNumber(value) : String(value);
  });
}

/** The console speaks Dutch only; there is no locale switcher. */
export const i18nProvider = polyglotI18nProvider(() => nl, 'nl', [{ locale: 'nl', name: 'Nederlands' }], {
  replace: replaceWithDutchNumbers,
});
