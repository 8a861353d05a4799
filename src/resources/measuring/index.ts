import type { MeasuringSetting } from '@contract/analytics';
import { maxLength, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { trimmed } from '../../declarative/trimmed';

/** The one record of the environment's 'Meten' (the API answers it without an id). */
export type MeasuringRecord = MeasuringSetting & { id: 'measuring' };

const asRecord = (answer: unknown): MeasuringRecord => ({ ...(answer as MeasuringSetting), id: 'measuring' });

/** The modes, strictest first, and the key of each one's explanation. */
const measuringModes = {
  Uit: 'off',
  'Alleen totalen': 'totals',
  'Per persoon gepseudonimiseerd': 'pseudonymised',
  'Per persoon': 'personal',
} as const;

/**
 * The environment's 'Meten' (issue 25, AVG): how much its delivered messages measure, from no pixel at all
 * to opens and clicks per address. A page under /settings/ with each mode explained; 'Per persoon' asks for
 * the legal basis staff rely on, which the server requires and keeps with who set it.
 */
export const measuring = defineResource<MeasuringRecord>()({
  name: 'measuring',
  label: { one: 'app.settings.measuring.title', many: 'app.settings.measuring.title' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/measuring', response: asRecord },
    actions: {
      save: { method: 'PUT', path: '/measuring', body: ['mode', 'legalBasis'], response: asRecord },
    },
  },
  fields: [
    {
      source: 'mode',
      label: 'app.settings.measuring.fields.mode',
      helperText: 'app.settings.measuring.help.mode',
      kind: 'choice',
      display: 'radio',
      choices: Object.entries(measuringModes).map(([mode, key]) => ({
        id: mode,
        name: `app.settings.measuring.modes.${key}`,
      })),
      validate: required(),
    },
    {
      source: 'legalBasis',
      label: 'app.settings.measuring.fields.legalBasis',
      helperText: 'app.settings.measuring.help.legalBasis',
      kind: 'longText',
      when: ({ values }) => values.mode === 'Per persoon',
      validate: [required('app.settings.measuring.legal_basis_required'), maxLength(2000)],
    },
  ],
  views: {
    forms: {
      measuring: {
        as: 'page',
        title: 'app.settings.measuring.title',
        description: 'app.settings.measuring.intro',
        back: { to: '/settings/', label: 'app.settings.back' },
        fields: ['mode', 'legalBasis'],
        defaultValues: ({ record }) => ({
          legalBasis: (record as MeasuringRecord | undefined)?.legalBasis ?? '',
        }),
        transform: ({ mode, legalBasis }) => ({
          mode,
          legalBasis: mode === 'Per persoon' ? trimmed(legalBasis) : null,
        }),
        save: { action: 'save' },
        successMessage: 'app.settings.measuring.saved',
      },
    },
  },
  pages: [{ path: '/settings/measuring', form: 'measuring' }],
});
