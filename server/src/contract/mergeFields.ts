/**
 * The recipient values a block's text may use as merge fields (`{{firstName}}`, `{{firstName|lezer}}`),
 * with the Dutch labels the console's picker and the server's messages show: the subscriber fields of
 * spec §3, in the order the picker offers them.
 */
export const recipientMergeFieldLabels = {
  name: 'Naam',
  firstName: 'Voornaam',
  middleName: 'Tussenvoegsel',
  lastName: 'Achternaam',
  initials: 'Initialen',
  email: 'E-mailadres',
  phoneNumber: 'Telefoonnummer',
  address: 'Adres',
  postalCode: 'Postcode',
  city: 'Woonplaats',
  country: 'Land',
} as const;

export type RecipientMergeField = keyof typeof recipientMergeFieldLabels;

export const recipientMergeFields = Object.keys(recipientMergeFieldLabels) as RecipientMergeField[];
