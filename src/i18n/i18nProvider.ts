import polyglotI18nProvider from 'ra-i18n-polyglot';
import { nl } from './nl';

/** The console speaks Dutch only; there is no locale switcher. */
export const i18nProvider = polyglotI18nProvider(() => nl, 'nl', [{ locale: 'nl', name: 'Nederlands' }]);
