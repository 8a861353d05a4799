import { attributeNumbers, type ReceiverList } from '../contract/receivers';
import type { ImportMapping, ImportTarget } from '../contract/listImports';
import { badRequest } from '../errors';
import { hasNonTextControlCharacter } from '../http/controlCharacters';
import { isEmailAddress } from '../http/inputText';
import { attributeLabel } from './listRecords';

// The columns of an import file mapped onto subscriber fields: a mapping suggested from the header
// (Dutch and English names, the list's own labels), checked, and applied to one row.

/** Header names (lower case, without spaces, dashes and underscores) → field. */
const knownHeaders: Record<string, ImportTarget> = {
  naam: 'name',
  name: 'name',
  volledigenaam: 'name',
  fullname: 'name',
  emailadres: 'email',
  email: 'email',
  mail: 'email',
  emailaddress: 'email',
  mailadres: 'email',
  voorletters: 'initials',
  initialen: 'initials',
  initials: 'initials',
  voornaam: 'firstName',
  firstname: 'firstName',
  tussenvoegsel: 'middleName',
  tussenvoegsels: 'middleName',
  middlename: 'middleName',
  achternaam: 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  telefoon: 'phoneNumber',
  telefoonnummer: 'phoneNumber',
  mobiel: 'phoneNumber',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  adres: 'address',
  address: 'address',
  straat: 'address',
  postcode: 'postalCode',
  postalcode: 'postalCode',
  zipcode: 'postalCode',
  zip: 'postalCode',
  woonplaats: 'city',
  plaats: 'city',
  city: 'city',
  land: 'country',
  country: 'country',
  organisatie: 'isOrganization',
};

const headerKey = (header: string) => header.toLowerCase().replace(/[\s\-_.]/g, '');

/** A mapping from the header: the list's labels first, then the known names; each field taken once. */
export function suggestMapping(header: readonly string[], list: ReceiverList): ImportMapping {
  const labels = new Map(
    attributeNumbers
      .filter((n) => attributeLabel(list, n) !== null)
      .map((n) => [headerKey(attributeLabel(list, n) ?? ''), `attribute${n}` as ImportTarget]),
  );
  const mapping: ImportMapping = {};
  const taken = new Set<ImportTarget>();
  header.forEach((name, index) => {
    const key = headerKey(name);
    const target = labels.get(key) ?? knownHeaders[key];
    if (target === undefined || taken.has(target)) return;
    taken.add(target);
    mapping[String(index)] = target;
  });
  return mapping;
}

/** The mapping without skipped columns, or a 400 naming `mapping`: name and e-mail mapped, once each. */
export function checkMapping(mapping: ImportMapping, list: ReceiverList): Array<[number, ImportTarget]> {
  const columns = Object.entries(mapping)
    .filter(([, target]) => target !== 'skip')
    .map(([column, target]) => [Number(column), target] as [number, ImportTarget]);
  const targets = columns.map(([, target]) => target);
  for (const target of new Set(targets)) {
    if (targets.filter((t) => t === target).length > 1)
      throw badRequest('mapping', `Het veld '${target}' is aan meer dan één kolom gekoppeld.`);
    const attribute = /^attribute([1-9])$/.exec(target);
    if (attribute && attributeLabel(list, Number(attribute[1]) as 1) === null)
      throw badRequest('mapping', `Kenmerk ${attribute[1]} heeft in deze lijst geen label.`);
  }
  if (!targets.includes('name')) throw badRequest('mapping', 'Koppel een kolom aan Naam.');
  if (!targets.includes('email')) throw badRequest('mapping', 'Koppel een kolom aan E-mailadres.');
  return columns;
}

/** The stored values of one row, or the Dutch reason it is refused. */
export type MappedRow = { values: Record<string, string | boolean | null> } | { refusal: string };

const maxTextLength = 1000;

export function mapRow(cells: readonly string[], columns: ReadonlyArray<[number, ImportTarget]>): MappedRow {
  const values: Record<string, string | boolean | null> = {};
  for (const [column, target] of columns) {
    const text = (cells[column] ?? '').trim();
    if (hasNonTextControlCharacter(text)) return { refusal: 'ongeldige tekens' };
    if (text.length > maxTextLength) return { refusal: 'waarde te lang' };
    values[target] =
      target === 'isOrganization' ? /^(ja|j|yes|y|true|1|organisatie)$/i.test(text) : text || null;
  }
  const email = values.email as string | null;
  if (!email) return { refusal: 'e-mailadres ontbreekt' };
  if (email.length > 320 || !isEmailAddress(email)) return { refusal: 'ongeldig e-mailadres' };
  if (!values.name) return { refusal: 'naam ontbreekt' };
  return { values };
}
