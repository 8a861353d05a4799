import type { ImportMapping, ImportTarget } from '@contract/listImports';
import type { AttributeNumber, ListAttributeLabels } from '@contract/receivers';
import { jsonAttributesTarget } from '@contract/importRules';
import { standardFilterFields } from '@contract/receiverFields';
import { listLabels } from '../lists/listLabels';

// What a column of an import file can become (a subscriber field, a label of the list, a new label
// named after the column, the keys of a JSON column, or nothing), and the rules of the mapping step:
// each target once, the e-mail address required (the name is composed when no column holds it).

export interface TargetChoice {
  id: ImportTarget;
  /** An i18n key (fields) or the list's own label (attributes). */
  name: string;
  group: 'fields' | 'labels';
}

const attributeNumbers: readonly AttributeNumber[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The targets are the server's own: app.receivers.subscribers.fields.* and the list's labels. */
export function importTargetChoices(list: ListAttributeLabels): TargetChoice[] {
  return [
    ...standardFilterFields.map((field): TargetChoice => ({
      id: field,
      name: `app.receivers.subscribers.fields.${field}`,
      group: 'fields',
    })),
    { id: 'isOrganization', name: 'app.receivers.imports.columns.organization', group: 'fields' },
    { id: jsonAttributesTarget, name: 'app.receivers.imports.columns.json', group: 'fields' },
    ...listLabels(list).map(({ number, label }): TargetChoice => ({
      id: `attribute${number}` as ImportTarget,
      name: label,
      group: 'labels',
    })),
  ];
}

export const requiredTargets = ['email'] as const satisfies readonly ImportTarget[];

/**
 * The mapping with `column` set to `target`. A field belongs to one column: the column that had it
 * before is skipped, as the server would refuse the mapping otherwise.
 */
export function assignTarget(mapping: ImportMapping, column: number, target: ImportTarget): ImportMapping {
  const next: ImportMapping = {};
  for (const [key, current] of Object.entries(mapping))
    next[key] = target !== 'skip' && current === target ? 'skip' : current;
  next[String(column)] = target;
  return next;
}

/** The suggested mapping for every column of the header (columns without a suggestion skipped). */
export function completeMapping(columnCount: number, suggested: ImportMapping): ImportMapping {
  return Object.fromEntries(
    Array.from({ length: columnCount }, (_, column) => [String(column), suggested[String(column)] ?? 'skip']),
  );
}

/** The required targets no column is mapped to yet. */
export function missingTargets(mapping: ImportMapping): Array<(typeof requiredTargets)[number]> {
  const mapped = new Set(Object.values(mapping));
  return requiredTargets.filter((target) => !mapped.has(target));
}

const hasLabel = (list: ListAttributeLabels, n: AttributeNumber) =>
  Boolean(list[`attributeLabel${n}`]?.trim());

/**
 * The labels the import gives the list (attributeN → label): columns mapped to an attribute the list
 * has no label for (named after their header), then, given the file's first `rows`, the keys of a
 * JSON column that are no label yet, in the attributes still free. The server sets them as the import starts.
 */
export function newLabelsOf(
  mapping: ImportMapping,
  header: readonly string[],
  list: ListAttributeLabels,
  rows: readonly string[][] = [],
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [column, target] of Object.entries(mapping)) {
    const n = Number(/^attribute([1-9])$/.exec(target)?.[1]) as AttributeNumber;
    if (n && !hasLabel(list, n)) labels[target] = (header[Number(column)] ?? '').trim();
  }
  const jsonColumn = Object.entries(mapping).find(([, target]) => target === jsonAttributesTarget)?.[0];
  if (jsonColumn === undefined) return labels;
  const names = new Set(
    [...listLabels(list).map(({ label }) => label), ...Object.values(labels)].map(nameKey),
  );
  const used = new Set<string>(Object.values(mapping));
  const free = attributeNumbers.filter((n) => !hasLabel(list, n) && !used.has(`attribute${n}`));
  for (const key of jsonKeys(rows, Number(jsonColumn))) {
    const label = key.trim().slice(0, 100);
    if (!label || names.has(nameKey(label))) continue;
    const n = free.shift();
    if (n === undefined) break;
    names.add(nameKey(label));
    labels[`attribute${n}`] = label.charAt(0).toUpperCase() + label.slice(1);
  }
  return labels;
}

/**
 * The attribute a column becomes as a new label named after its header: the one it has already, else
 * the first of the nine without a label that no column uses; undefined when all nine are taken, the
 * header is empty, or the list (or another new label) already has that name.
 */
export function newLabelTarget(
  mapping: ImportMapping,
  header: readonly string[],
  list: ListAttributeLabels,
  column: number,
): ImportTarget | undefined {
  const newLabels = newLabelsOf(mapping, header, list);
  const own = mapping[String(column)];
  if (own && newLabels[own] !== undefined) return own;
  const name = (header[column] ?? '').trim().toLowerCase();
  const names = [...listLabels(list).map(({ label }) => label), ...Object.values(newLabels)];
  if (!name || name.length > 100 || names.some((label) => label.toLowerCase() === name)) return undefined;
  const used = new Set(Object.values(mapping));
  const free = attributeNumbers.find((n) => !hasLabel(list, n) && !used.has(`attribute${n}` as ImportTarget));
  return free === undefined ? undefined : (`attribute${free}` as ImportTarget);
}

/** A name as the server compares headers, labels and JSON keys: lower case, no spaces, dashes, dots. */
const nameKey = (name: string) => name.toLowerCase().replace(/[\s\-_.]/g, '');

/** The labels a JSON column fills in the first rows: those named as one of its keys. */
export function labelsFilledFromJson(
  rows: readonly string[][],
  column: number,
  labels: readonly string[],
): string[] {
  const keys = new Set(jsonKeys(rows, column).map(nameKey));
  return labels.filter((label) => keys.has(nameKey(label)));
}

/** The keys of a JSON column's objects in the first rows, in order of appearance, as written. */
function jsonKeys(rows: readonly string[][], column: number): string[] {
  const keys = new Map<string, string>();
  for (const row of rows) {
    try {
      const value: unknown = JSON.parse(row[column] ?? '');
      if (value && typeof value === 'object' && !Array.isArray(value))
        for (const key of Object.keys(value)) if (!keys.has(nameKey(key))) keys.set(nameKey(key), key);
    } catch {
      // Not JSON: the server refuses that row with its reason.
    }
  }
  return [...keys.values()];
}
