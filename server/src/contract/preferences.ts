import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common';

const Timestamp = Type.String({ format: 'date-time' });

// The preference page (no sign-in; the signed link is the permission): `/v/{environmentId}?k={token}`,
// its three forms and the mailed confirmation of a re-subscribe. Pages are Dutch HTML; these schemas
// check the address and the form bodies (a Dutch 400 naming the field, shown on a page).

/** Longest address token: an address of 254 bytes in base64url, a dot and a 22-character signature. */
export const maxPreferenceTokenLength = Math.ceil((254 * 4) / 3) + 1 + 22;
/** Longest confirmation token: a 64-bit id in base 36, a dot and the signature. */
export const maxConfirmTokenLength = 13 + 1 + 22;
/** The most lists one form may name (the page offers at most this many). */
export const maxPreferenceLists = 100;

export const PreferenceParams = Type.Object({ environmentId: Uuid });
export type PreferenceParams = Static<typeof PreferenceParams>;

export const PreferenceQuery = Type.Object({
  k: Type.String({
    minLength: 1,
    maxLength: maxPreferenceTokenLength,
    description: "The personal code of the link 'Je voorkeuren' in a message.",
  }),
});
export type PreferenceQuery = Static<typeof PreferenceQuery>;

/** The lists form ('Opslaan'): the ids of the lists switched on; every public list not named goes off. */
export const ListChoicesBody = Type.Object({
  lijsten: Type.Optional(
    Type.Array(Uuid, {
      maxItems: maxPreferenceLists,
      description: 'The public lists the address should be on (a checkbox per list, form-encoded).',
    }),
  ),
});
export type ListChoicesBody = Static<typeof ListChoicesBody>;

/** 'Afmelden voor alles' and 'Opnieuw aanmelden' post only their button: nothing in the body is read. */
export const EmptyFormBody = Type.Object({});

export const ConfirmParams = Type.Object({
  environmentId: Uuid,
  token: Type.String({
    minLength: 1,
    maxLength: maxConfirmTokenLength,
    description: 'The code of the mailed confirmation link.',
  }),
});
export type ConfirmParams = Static<typeof ConfirmParams>;

/** A global unsubscribe the address undid itself (preference page and mailed confirmation). */
export const Resubscription = Type.Object(
  {
    unsubscribedAt: Timestamp,
    resubscribedAt: Timestamp,
  },
  { title: 'Resubscription' },
);
export type Resubscription = Static<typeof Resubscription>;
