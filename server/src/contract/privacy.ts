import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, Text, pagingProperties } from './common';

// The person's page ('Persoon', under Ontvangers), its exports and erasure (privacy/), and the
// environment's retention periods ('Bewaartermijnen').

/** An address as staff type it: the person's key on every call. */
const PersonEmail = Text({ minLength: 3, maxLength: 320, description: 'The e-mail address of the person.' });

export const PersonQuery = Type.Object({ email: PersonEmail });
export type PersonQuery = Static<typeof PersonQuery>;

export const PersonsQuery = Type.Object(
  pagingProperties('Part of an e-mail address; without one the answer is empty (search first).'),
);
export type PersonsQuery = Static<typeof PersonsQuery>;

/** An address the environment holds something on (a search result); `id` is the address itself. */
export const PersonMatch = Type.Object({ id: Type.String(), email: Type.String() });
export type PersonMatch = Static<typeof PersonMatch>;
export const PersonMatchPage = Page(PersonMatch);
export type PersonMatchPage = Static<typeof PersonMatchPage>;

/** One kind of record of the person with its Dutch heading, its columns and the person's rows. */
export const PersonPart = Type.Object({
  key: Type.String(),
  label: Type.String(),
  empty: Type.String({ description: 'The Dutch text when the person has no such records.' }),
  shown: Type.Array(Type.Object({ key: Type.String(), label: Type.String() }), {
    description: 'The columns the page shows, in order; the rows may hold more (the export has all).',
  }),
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

/** Everything the environment holds on one address; `id` is the address, lower case. */
export const Person = Type.Object({
  id: Type.String(),
  email: Type.String(),
  environment: Type.String(),
  exportedAt: Type.String({ format: 'date-time' }),
  parts: Type.Array(PersonPart),
  personalDataUrl: Type.String({
    description: "The person's own 'Mijn gegevens' page (signed link), for staff to send them.",
  }),
});
export type Person = Static<typeof Person>;

export const PersonErasure = Type.Object({
  email: PersonEmail,
  confirmation: Text({ maxLength: 320, description: 'The address typed again, to confirm the erasure.' }),
});
export type PersonErasure = Static<typeof PersonErasure>;

/** Months in every retention period: 1 up to 10 years. */
const Months = Type.Integer({ minimum: 1, maximum: 120 });

export const RetentionSettings = Type.Object({
  id: Type.String({ description: 'The environment id (one record per environment).' }),
  formAnswerMonths: Months,
  rsvpAnswerMonths: Months,
  inactiveSubscriberMonths: Nullable(Months),
});
export type RetentionSettings = Static<typeof RetentionSettings>;

export const RetentionSettingsInput = Type.Object({
  formAnswerMonths: Months,
  rsvpAnswerMonths: Months,
  inactiveSubscriberMonths: Nullable(Months),
});
export type RetentionSettingsInput = Static<typeof RetentionSettingsInput>;

/** The defaults of an environment without settings of its own. */
export const retentionDefaults: RetentionSettingsInput = {
  formAnswerMonths: 24,
  rsvpAnswerMonths: 24,
  inactiveSubscriberMonths: null,
};
