import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, StringEnum, Text, Uuid, pagingProperties } from './common';

// RSVP (extension, server/src/rsvp/): a publication's invitation settings, its invitees and their answers.

const Timestamp = Type.String({ format: 'date-time' });

export const rsvpAnswerValues = ['Ja', 'Misschien', 'Nee'] as const;
export const RsvpAnswer = StringEnum(rsvpAnswerValues);
export type RsvpAnswer = Static<typeof RsvpAnswer>;

/** The most guests an invitee may bring (the settings' `maxGuests` runs 0 up to this). */
export const maxGuestsLimit = 9;

/** The earliest reminder: this many days before the deadline. */
export const maxReminderDays = 60;

/** GET/PUT /publications/{id}/rsvp: the invitation; `enabled` false (the default) means no invitation. */
export const RsvpSettings = Type.Object({
  enabled: Type.Boolean(),
  title: Text({ minLength: 1, maxLength: 200 }),
  startsAt: Timestamp,
  endsAt: Timestamp,
  location: Nullable(Text({ maxLength: 300 })),
  onlineUrl: Nullable(Text({ maxLength: 500, pattern: '^https://[^\\s]+$' })),
  places: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    description: 'Persons incl. guests; 0 = unlimited.',
  }),
  maxGuests: Type.Integer({ minimum: 0, maximum: maxGuestsLimit }),
  deadline: Nullable(Timestamp),
  allowMaybe: Type.Boolean(),
  waitingList: Type.Boolean(),
  /**
   * 'Herinnering': this many days before the deadline (or the start) those without an answer get one
   * reminder; absent or null = no reminder (the default).
   */
  reminderDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: maxReminderDays }))),
  /**
   * 'Herinnering aan wie komt': this many days before the event those who said Ja (and are not waiting) get
   * one reminder; absent or null = no reminder (the default).
   */
  eventReminderDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: maxReminderDays }))),
  /** A form whose questions the answer page asks with 'Ja' or 'Misschien' (e.g. dieet); absent or null = none. */
  formId: Type.Optional(Nullable(Uuid)),
  /** Set: the event is cancelled (a cancellation went to Ja and Misschien). */
  cancelled: Type.Boolean(),
});
export type RsvpSettings = Static<typeof RsvpSettings>;

/** The settings as read: with the calendar SEQUENCE, and the optional settings always present (null when off). */
export const RsvpSettingsRecord = Type.Composite([
  // Omitted first: a key in both parts would become an `allOf` of two equal schemas in the OpenAPI document.
  Type.Omit(RsvpSettings, ['formId', 'reminderDays', 'eventReminderDays']),
  Type.Object({
    id: Uuid,
    formId: Nullable(Uuid),
    reminderDays: Nullable(Type.Integer({ minimum: 1, maximum: maxReminderDays })),
    eventReminderDays: Nullable(Type.Integer({ minimum: 1, maximum: maxReminderDays })),
    sequence: Type.Integer({ minimum: 0 }),
    exists: Type.Boolean(),
  }),
]);
export type RsvpSettingsRecord = Static<typeof RsvpSettingsRecord>;

export const RsvpSummary = Type.Object({
  id: Uuid,
  invited: Type.Integer({ minimum: 0 }),
  yes: Type.Integer({ minimum: 0, description: 'Persons accepted (invitees plus guests).' }),
  maybe: Type.Integer({ minimum: 0 }),
  no: Type.Integer({ minimum: 0 }),
  noAnswer: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  placesLeft: Nullable(Type.Integer({ minimum: 0, description: 'Null: unlimited.' })),
});
export type RsvpSummary = Static<typeof RsvpSummary>;

export const rsvpFilterValues = ['Ja', 'Misschien', 'Nee', 'Wachtlijst', 'Geen antwoord'] as const;

export const RsvpInviteesQuery = Type.Object({
  ...pagingProperties('Part of the name or address.'),
  answer: Type.Optional(StringEnum(rsvpFilterValues)),
});
export type RsvpInviteesQuery = Static<typeof RsvpInviteesQuery>;

export const RsvpInvitee = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Nullable(Type.String()),
  email: Type.String(),
  answer: Nullable(RsvpAnswer),
  waiting: Type.Boolean(),
  guests: Type.Integer({ minimum: 0 }),
  /** The answers to the invitation form's questions, given with 'Ja' or 'Misschien'. */
  questionAnswers: Type.Array(Type.Object({ question: Type.String(), answer: Type.String() })),
  answeredAt: Nullable(Timestamp),
  source: Nullable(StringEnum(['e-mail', 'medewerker'])),
});
export type RsvpInvitee = Static<typeof RsvpInvitee>;

/** The answers to the questions as one line, in the console's table and the CSV: 'Dieet: Vegetarisch; Allergie: noten'. */
export function questionAnswersText(answers: readonly { question: string; answer: string }[]): string {
  return answers.map(({ question, answer }) => `${question}: ${answer}`).join('; ');
}
export const RsvpInviteePage = Page(RsvpInvitee);
export type RsvpInviteePage = Static<typeof RsvpInviteePage>;

export const RsvpInviteeParams = Type.Object({ id: Uuid, inviteeId: Type.Integer({ minimum: 1 }) });

/** PUT /publications/{id}/rsvp/invitees/{inviteeId}: a staff member changes an answer (logged). */
export const StaffAnswerBody = Type.Object({
  answer: RsvpAnswer,
  guests: Type.Optional(Type.Integer({ minimum: 0, maximum: maxGuestsLimit, default: 0 })),
});
export type StaffAnswerBody = Static<typeof StaffAnswerBody>;

/** The public page's form: the answer and the number of guests. */
export const PublicAnswerBody = Type.Object({
  antwoord: RsvpAnswer,
  gasten: Type.Optional(Type.String({ pattern: '^[0-9]$' })),
});
export type PublicAnswerBody = Static<typeof PublicAnswerBody>;
