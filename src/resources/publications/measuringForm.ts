import type { PublicationMeasuring } from '@contract/analytics';
import type { Publication } from '@contract/publications';
import { maxLength, required } from 'react-admin';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { trimmed } from '../../declarative/trimmed';
import type { FormView } from '../../declarative/viewDeclaration';

/** The modes, strictest first: a publication may measure as its environment does, or less. */
const modes: readonly PublicationMeasuring['mode'][] = [
  'Uit',
  'Alleen totalen',
  'Per persoon gepseudonimiseerd',
  'Per persoon',
];

/** The choice that keeps no mode of the publication's own (sent as `null`). */
const follow = 'follow';

/** The form's record: the publication's measuring (GET /publications/{id}/measuring) under its id. */
export type PublicationMeasuringRecord = PublicationMeasuring & { id: string };

// Not `own`, the record's own value (null when following): the form's record would win over its default.
const ownMode: FieldDeclaration = {
  source: 'ownMode',
  label: 'app.publications.analytics.setting_mode',
  kind: 'choice',
  display: 'radio',
  choices: ({ record }) => {
    const environmentMode = (record as PublicationMeasuringRecord | undefined)?.environmentMode ?? 'Uit';
    const allowed = modes.slice(0, modes.indexOf(environmentMode) + 1);
    return [
      { id: follow, name: 'app.publications.analytics.setting_follow' },
      ...allowed.map((mode) => ({ id: mode, name: mode })),
    ];
  },
  validate: required(),
};

const legalBasis: FieldDeclaration = {
  source: 'legalBasis',
  label: 'app.publications.analytics.setting_legal_basis',
  helperText: 'app.publications.analytics.setting_legal_basis_help',
  kind: 'longText',
  when: ({ values }) => values.ownMode === 'Per persoon',
  validate: [required('app.settings.measuring.legal_basis_required'), maxLength(2000)],
};

/**
 * The publication's own 'Meten' (opened from its analytics page with its measuring as the record): follow
 * the environment, or a stricter mode; 'Per persoon' asks for the legal basis. A refused save keeps what
 * was typed and shows the server's message.
 */
export const measuringForm = {
  as: 'slideOver' as const,
  title: 'app.publications.analytics.setting_title',
  description: 'app.publications.analytics.setting_help',
  fields: [ownMode, legalBasis],
  defaultValues: ({ record }) => {
    const measuring = record as PublicationMeasuringRecord | undefined;
    return { ownMode: measuring?.own ?? follow, legalBasis: measuring?.legalBasis ?? '' };
  },
  transform: ({ ownMode, legalBasis }) => ({
    mode: ownMode === follow ? null : ownMode,
    legalBasis: ownMode === 'Per persoon' ? trimmed(legalBasis) : null,
  }),
  // Named apart from the declaration: the literal keeps the action's name checked there.
  save: { action: 'setMeasuring' as const },
  submitLabel: 'app.publications.analytics.setting_save',
  successMessage: 'app.publications.analytics.setting_saved',
} satisfies FormView<Publication>;
