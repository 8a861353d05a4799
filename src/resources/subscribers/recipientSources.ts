import { attributeFilterFields } from '@contract/receiverFields';

/** The attribute values of a subscriber (only used for the labels its list has set). */
export const attributeSources = attributeFilterFields;

/** Every recipient field the console sends for a subscriber (spec §3 Subscriber), in form order. */
export const recipientSources = [
  'name',
  'email',
  'isOrganization',
  'initials',
  'firstName',
  'middleName',
  'lastName',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
  'country',
  ...attributeSources,
] as const;
