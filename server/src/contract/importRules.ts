// List import values as plain values, so the console can use them at run time without loading TypeBox.

/** add: new addresses only; update: existing ones only; addAndUpdate: both (matched ignoring case). */
export const importModes = ['add', 'update', 'addAndUpdate'] as const;

/**
 * What happens to rows the file marks as opted out in the tool it comes from (optedOutRows.ts):
 * unsubscribe: they become the environment's unsubscribers (the default); skip: they are left out.
 * Never imported as recipients.
 */
export const optedOutChoices = ['unsubscribe', 'skip'] as const;

/** How many refused rows `…/refusals` answers (the console shows them); all are in refused.csv. */
export const shownRefusals = 100;

/** The target of a column holding a JSON object (listmonk's `attributes`): its keys fill the labels named so. */
export const jsonAttributesTarget = 'attributesJson';

/** The parts a name is composed of, in Dutch order ('Jan van der Berg'); initials stand in for a first name. */
export const nameParts = ['firstName', 'initials', 'middleName', 'lastName'] as const;

/**
 * Where a subscriber's name comes from: a column mapped to Naam; else the name parts that are mapped
 * (first name or initials, infix, last name); else the e-mail address's local part ('jan.jansen').
 * A row whose own name cell is empty falls back the same way.
 */
export type NameSource = 'column' | 'parts' | 'address';

export function nameSource(targets: Iterable<string>): NameSource {
  const mapped = new Set(targets);
  if (mapped.has('name')) return 'column';
  return nameParts.some((part) => mapped.has(part)) ? 'parts' : 'address';
}

/** The name of a row from its parts, in Dutch order; empty when it has none. */
export function composeName(values: Readonly<Record<string, unknown>>): string {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  return [text('firstName') || text('initials'), text('middleName'), text('lastName')]
    .filter(Boolean)
    .join(' ');
}

/** The local part of an address ('jan.jansen' of 'jan.jansen@example.nl'): the name of last resort. */
export function addressLocalPart(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
