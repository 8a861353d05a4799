import { attributeNumbers, type AttributeNumber, type ReceiverList } from '../contract/receivers';
import {
  addressLocalPart,
  composeName,
  jsonAttributesTarget,
  nameParts,
  nameSource,
  type NameSource,
} from '../contract/importRules';
import type { ImportMapping, ImportNewLabels, ImportTarget, OptedOutChoice } from '../contract/listImports';
import { badRequest } from '../errors';
import { hasNonTextControlCharacter } from '../http/controlCharacters';
import { isEmailAddress } from '../http/inputText';
import { attributeLabel } from './listRecords';
import { fieldLabel } from '../contract/fieldLabels';
import { optOutColumn, optedOutCause, type OptOutColumn } from './optedOutRows';

// The columns of an import file mapped onto subscriber fields: a mapping suggested from the header
// (Dutch and English names as Mailchimp, Laposta, listmonk and Excel write them, the list's own labels),
// checked into a plan, and the plan applied to one row.

/** A subscriber column an import writes. */
export type FieldTarget = Exclude<ImportTarget, 'skip' | typeof jsonAttributesTarget>;

/** Header names (lower case, without spaces, dashes and underscores) → field. */
const knownHeaders: Record<string, Exclude<ImportTarget, 'skip'>> = {
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
  // listmonk's export: one JSON object per row with the subscriber's own attributes.
  attributes: jsonAttributesTarget,
  attribs: jsonAttributesTarget,
  kenmerken: jsonAttributesTarget,
};

const headerKey = (header: string) => header.toLowerCase().replace(/[\s\-_.]/g, '');

/** headerKey(label) → attributeN, for the list's labels and those the import adds. */
function labelTargets(list: ReceiverList, newLabels: ImportNewLabels = {}): Map<string, FieldTarget> {
  const labels = new Map<string, FieldTarget>();
  for (const n of attributeNumbers) {
    const label = attributeLabel(list, n) ?? newLabels[`attribute${n}`];
    if (label) labels.set(headerKey(label), `attribute${n}` as FieldTarget);
  }
  return labels;
}

/** A mapping from the header: the list's labels first, then the known names; each field taken once. */
export function suggestMapping(header: readonly string[], list: ReceiverList): ImportMapping {
  const labels = labelTargets(list);
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

/** How the rows of a file become subscribers: checked once, applied to every row. */
export interface ImportPlan {
  /** Cells copied into a field. A column may fill two: Voornaam mapped to Naam fills firstName too. */
  cells: Array<[number, FieldTarget]>;
  /** The column holding a JSON object, and its keys (as headerKey) → the labels no column fills. */
  json: { column: number; keys: Map<string, FieldTarget> } | null;
  nameSource: NameSource;
  /** Every field the rows carry: the e-mail address, the name (always set) and each mapped one, once. */
  written: FieldTarget[];
  /**
   * The column marking who opted out in the tool the file comes from, and the unsubscriber's cause
   * those rows get (null: they are left out). Plans stored before it have none.
   */
  optedOut?: { column: OptOutColumn; cause: string | null } | null;
}

/** An ImportPlan as the import's record keeps it (JSON: the Map as its entries). */
export interface StoredImportPlan {
  cells: Array<[number, FieldTarget]>;
  json: { column: number; keys: Array<[string, FieldTarget]> } | null;
  nameSource: NameSource;
  written: FieldTarget[];
  optedOut?: ImportPlan['optedOut'];
}

/**
 * The plan kept with the import: an instance taking the import over applies exactly the plan it was
 * started with, whatever happened to the list's labels since.
 */
export function storedPlan(plan: ImportPlan): StoredImportPlan {
  return { ...plan, json: plan.json && { column: plan.json.column, keys: [...plan.json.keys] } };
}

export function planFromStored(stored: StoredImportPlan): ImportPlan {
  return { ...stored, json: stored.json && { column: stored.json.column, keys: new Map(stored.json.keys) } };
}

/**
 * Checks the new labels an import brings (attributeN → label): only for attributes without a label,
 * unique ignoring case among the list's labels, and each for a column mapped to it or for the keys of a
 * JSON column. 400 naming `newLabels`.
 */
export function checkNewLabels(
  newLabels: ImportNewLabels,
  mapping: ImportMapping,
  list: ReceiverList,
): ImportNewLabels {
  const refuse = (message: string) => badRequest('newLabels', message);
  const taken = new Set(
    attributeNumbers.map((n) => attributeLabel(list, n)?.toLowerCase()).filter((label) => label),
  );
  const mapped = new Set(Object.values(mapping));
  const checked: ImportNewLabels = {};
  for (const [target, raw] of Object.entries(newLabels)) {
    const label = raw.trim();
    const n = Number(/^attribute([1-9])$/.exec(target)?.[1]) as AttributeNumber;
    if (!n) throw refuse(`'${target}' is geen kenmerk; kies attribute1 tot en met attribute9.`);
    if (!label || label.length > 100 || hasNonTextControlCharacter(label))
      throw refuse('Een nieuw label heeft 1 tot 100 tekens.');
    if (attributeLabel(list, n) !== null)
      throw refuse(`Kenmerk ${n} heeft al het label '${attributeLabel(list, n)}'.`);
    if (taken.has(label.toLowerCase()))
      throw refuse(`Het label '${label}' komt al voor; de labels van een lijst moeten uniek zijn.`);
    // A label no column fills is filled by the JSON column's key of that name (listmonk's attributes).
    if (!mapped.has(target as ImportTarget) && !mapped.has(jsonAttributesTarget))
      throw refuse(`Het nieuwe label '${label}' hoort bij geen enkele kolom.`);
    taken.add(label.toLowerCase());
    checked[target] = label;
  }
  return checked;
}

/**
 * The plan of a mapping, or a 400 naming `mapping`: each field once, attributes labelled (by the list or
 * the import's new labels), an e-mail column. Naam is not required: it is composed (importRules.ts).
 */
export function checkMapping(
  mapping: ImportMapping,
  list: ReceiverList,
  header: readonly string[],
  newLabels: ImportNewLabels = {},
  optedOutChoice: OptedOutChoice = 'unsubscribe',
): ImportPlan {
  const columns = Object.entries(mapping)
    .filter(([, target]) => target !== 'skip')
    .map(([column, target]) => [Number(column), target] as [number, Exclude<ImportTarget, 'skip'>]);
  const targets = columns.map(([, target]) => target);
  for (const target of new Set(targets)) {
    if (targets.filter((t) => t === target).length > 1)
      throw badRequest('mapping', `${fieldLabel(target)} is aan meer dan één kolom gekoppeld.`);
    const attribute = /^attribute([1-9])$/.exec(target);
    if (attribute && attributeLabel(list, Number(attribute[1]) as 1) === null && !newLabels[target])
      throw badRequest('mapping', `Kenmerk ${attribute[1]} heeft in deze lijst geen label.`);
  }
  if (!targets.includes('email')) throw badRequest('mapping', 'Koppel een kolom aan E-mailadres.');

  const cells = columns.filter((pair): pair is [number, FieldTarget] => pair[1] !== jsonAttributesTarget);
  // A name-part column mapped to Naam ('Voornaam' as the name) fills its own part too.
  for (const [column, target] of [...cells]) {
    const part = knownHeaders[headerKey(header[column] ?? '')];
    if (target === 'name' && (nameParts as readonly string[]).includes(part) && !targets.includes(part))
      cells.push([column, part as FieldTarget]);
  }
  const jsonColumn = columns.find(([, target]) => target === jsonAttributesTarget)?.[0];
  const json =
    jsonColumn === undefined
      ? null
      : {
          column: jsonColumn,
          keys: new Map([...labelTargets(list, newLabels)].filter(([, target]) => !targets.includes(target))),
        };
  const written = [
    ...new Set<FieldTarget>([
      'email',
      'name',
      ...cells.map(([, target]) => target),
      ...(json ? json.keys.values() : []),
    ]),
  ];
  const optOut = optOutColumn(header);
  const optedOut = optOut && {
    column: optOut,
    cause: optedOutChoice === 'unsubscribe' ? optedOutCause(optOut) : null,
  };
  return { cells, json, nameSource: nameSource(targets), written, optedOut };
}

/** The stored values of one row, or the Dutch reason it is refused. */
export type MappedRow = { values: Record<string, string | boolean | null> } | { refusal: string };

const maxTextLength = 1000;

/**
 * A cell as it was before a CSV export protected it against formulas (csv-stringify's escape_formulas
 * puts a quote before = + - @): our own refused-rows and export files import as they were written.
 */
const unprotected = (text: string) =>
  /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text;

/** A JSON value as the text of a label: strings as they are, a list of strings joined, other values as JSON. */
function jsonText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

export function mapRow(cells: readonly string[], plan: ImportPlan): MappedRow {
  const values: Record<string, string | boolean | null> = {};
  const refusal = (text: string): string | null => {
    if (hasNonTextControlCharacter(text)) return 'ongeldige tekens';
    if (text.length > maxTextLength) return 'waarde te lang';
    return null;
  };
  for (const [column, target] of plan.cells) {
    const text = unprotected((cells[column] ?? '').trim());
    const refused = refusal(text);
    if (refused) return { refusal: refused };
    values[target] =
      target === 'isOrganization' ? /^(ja|j|yes|y|true|1|organisatie)$/i.test(text) : text || null;
  }
  if (plan.json) {
    const text = (cells[plan.json.column] ?? '').trim();
    let object: unknown = {};
    try {
      if (text) object = JSON.parse(text);
    } catch {
      return { refusal: 'kenmerken (JSON) onleesbaar' };
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object))
      return { refusal: 'kenmerken (JSON) onleesbaar' };
    for (const [key, value] of Object.entries(object)) {
      const target = plan.json.keys.get(headerKey(key));
      if (!target) continue;
      const label = jsonText(value).trim();
      const refused = refusal(label);
      if (refused) return { refusal: refused };
      values[target] = label || null;
    }
  }
  const email = values.email as string | null;
  if (!email) return { refusal: 'e-mailadres ontbreekt' };
  if (email.length > 320 || !isEmailAddress(email)) return { refusal: 'ongeldig e-mailadres' };
  values.name = (values.name as string | null) || composeName(values) || addressLocalPart(email);
  return { values };
}
