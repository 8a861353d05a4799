import { recipientMergeFields, type RecipientMergeField } from '../contract/mergeFields';

// Merge fields: `{{firstName}}` or `{{firstName|lezer}}` (a fallback when the recipient has no value) in
// the text of a block. Rendering keeps them as they are; `fillMergeFields` puts in a recipient's values
// (or, for a preview, the fallbacks). `{{unsubscribeUrl}}`, `{{preferencesUrl}}` and `{{webVersionUrl}}` are
// the delivery's own placeholders.

export { recipientMergeFields, type RecipientMergeField } from '../contract/mergeFields';

/** Filled per recipient by the delivery; left in place until a value is given. */
export const unsubscribeUrlPlaceholder = '{{unsubscribeUrl}}';

/** The recipient's own preference page ('Je voorkeuren', preferences/preferenceAddress.ts), filled like the above. */
export const preferencesUrlPlaceholder = '{{preferencesUrl}}';

/** The recipient's own link to the message's web version ('Bekijk in je browser'), filled like the above. */
export const webVersionUrlPlaceholder = '{{webVersionUrl}}';

/** An invitee's own RSVP page (rsvp/rsvpAddress.ts), filled like the above in an invitation's messages. */
export const rsvpUrlPlaceholder = '{{rsvpUrl}}';

const mergeField = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*(?:\|([^{}|]*))?\}\}/g;
const recipientNames = new Set<string>(recipientMergeFields);

/** The names of merge fields in `text` that are not recipient fields (a save refuses them). */
export function unknownMergeFields(text: string): string[] {
  return [...text.matchAll(mergeField)].map((match) => match[1]).filter((name) => !recipientNames.has(name));
}

/** The recipient fields `text` uses without a fallback (`{{firstName}}`, not `{{firstName|lezer}}`). */
export function mergeFieldsWithoutFallback(text: string): RecipientMergeField[] {
  return [...text.matchAll(mergeField)]
    .filter((match) => recipientNames.has(match[1]) && !match[2]?.trim())
    .map((match) => match[1] as RecipientMergeField);
}

export type MergeValues = Partial<
  Record<RecipientMergeField | 'unsubscribeUrl' | 'preferencesUrl' | 'webVersionUrl' | 'rsvpUrl', string>
>;

/**
 * Replaces the merge fields of rendered output. A recipient field takes its value (passed through
 * `escape`: HTML-escaped for the HTML, as is for plain text), else its fallback, else nothing; the
 * fallback is already in the output's own form. Other placeholders stay unless a value is given.
 */
export function fillMergeFields(
  output: string,
  values: MergeValues,
  escape: (value: string) => string,
): string {
  return output.replace(mergeField, (match, name: string, fallback: string | undefined) => {
    const value = values[name as keyof MergeValues]?.trim();
    if (!recipientNames.has(name)) return value ? escape(value) : match;
    return value ? escape(value) : (fallback ?? '').trim();
  });
}
