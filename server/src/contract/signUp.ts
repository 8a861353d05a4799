import { Type, type Static } from '@sinclair/typebox';
import { MultilineText, Nullable, Page, pagingProperties, StringEnum, Text, Uuid } from './common';

// Contract of the sign-up forms ('Aanmeldformulieren', issue 38): the staff endpoints, the consent proofs
// shown beside a subscriber, and the public hosted page's address and form fields (the page itself is
// HTML, posted form-encoded by the hosted page or by the snippet on another site).

const Timestamp = Type.String({ format: 'date-time' });

/** The subscriber fields a form may ask besides the e-mail address (always asked, always required). */
export const signUpFieldNames = [
  'name',
  'initials',
  'firstName',
  'middleName',
  'lastName',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
  'country',
] as const;
export type SignUpFieldName = (typeof signUpFieldNames)[number];

/** Their Dutch labels: the hosted page's labels and the console's choices. */
export const signUpFieldLabels: Record<SignUpFieldName, string> = {
  name: 'Naam',
  initials: 'Voorletters',
  firstName: 'Voornaam',
  middleName: 'Tussenvoegsel',
  lastName: 'Achternaam',
  phoneNumber: 'Telefoonnummer',
  address: 'Adres',
  postalCode: 'Postcode',
  city: 'Woonplaats',
  country: 'Land',
};

/** The most lists one form offers. */
export const maxSignUpFormLists = 20;

const FieldName = StringEnum(signUpFieldNames);

export const SignUpFormInput = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  listIds: Type.Array(Uuid, {
    minItems: 1,
    maxItems: maxSignUpFormLists,
    uniqueItems: true,
    description: 'The public lists a visitor may choose, in this order.',
  }),
  askedFields: Type.Array(FieldName, { maxItems: signUpFieldNames.length, uniqueItems: true }),
  requiredFields: Type.Array(FieldName, {
    maxItems: signUpFieldNames.length,
    uniqueItems: true,
    description: 'Asked fields a visitor must fill in (a field here is asked too).',
  }),
  consentText: MultilineText({
    minLength: 1,
    maxLength: 5000,
    description: 'A change adds a new version; earlier versions stay (consent proofs point at them).',
  }),
  confirmationSubject: Text({ minLength: 1, maxLength: 200 }),
  confirmationText: MultilineText({ minLength: 1, maxLength: 5000 }),
  confirmedText: MultilineText({ minLength: 1, maxLength: 5000 }),
});
export type SignUpFormInput = Static<typeof SignUpFormInput>;

export const SignUpForm = Type.Object(
  {
    id: Uuid,
    ...SignUpFormInput.properties,
    consentVersion: Type.Integer({ minimum: 1 }),
    isDeleted: Type.Boolean(),
    /** The hosted page's address. */
    hostedUrl: Type.String(),
    /** The HTML to paste into another site: a plain form posting to the hosted page. */
    snippet: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'SignUpForm' },
);
export type SignUpForm = Static<typeof SignUpForm>;

export const SignUpFormsQuery = Type.Object(pagingProperties('Words of the form name.'));
export type SignUpFormsQuery = Static<typeof SignUpFormsQuery>;

export const SignUpFormPage = Page(SignUpForm);
export type SignUpFormPage = Static<typeof SignUpFormPage>;

export const SignUpFormParams = Type.Object({ signUpFormId: Uuid });

export const consentSources = ['form', 'import', 'staff'] as const;
export type ConsentSource = (typeof consentSources)[number];

/** How one subscription's consent was given. */
export const ConsentProof = Type.Object(
  {
    id: Uuid,
    source: StringEnum(consentSources),
    signedUpAt: Timestamp,
    confirmedAt: Nullable(Timestamp),
    formId: Nullable(Uuid),
    formName: Nullable(Type.String()),
    consentVersion: Nullable(Type.Integer()),
    consentText: Nullable(Type.String()),
    importId: Nullable(Uuid),
    userName: Nullable(Type.String()),
    /** The keyed hash of the client address (HMAC-SHA256, hex), when signed up through a form. */
    ipHash: Nullable(Type.String()),
  },
  { title: 'ConsentProof' },
);
export type ConsentProof = Static<typeof ConsentProof>;

export const ConsentProofList = Type.Array(ConsentProof);

/** The hosted page's address: `/s/{environmentId}/{signUpFormId}`. */
export const PublicSignUpParams = Type.Object({ environmentId: Uuid, signUpFormId: Uuid });
export type PublicSignUpParams = Static<typeof PublicSignUpParams>;

export const PublicConfirmParams = Type.Object({
  environmentId: Uuid,
  signUpFormId: Uuid,
  token: Type.String({ maxLength: 64 }),
});
export type PublicConfirmParams = Static<typeof PublicConfirmParams>;

/**
 * The form-encoded fields of a sign-up (hosted page or snippet): `email`, `lijst` (once per chosen list),
 * `toestemming=ja`, each asked field by its name, the honeypot `website` (must stay empty) and, from the
 * hosted page only, the signed time token `t`.
 */
export const PublicSignUpBody = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([
    Type.String({ maxLength: 500 }),
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: maxSignUpFormLists }),
  ]),
);
