import type { ImportMapping, ImportTarget } from '@contract/listImports';
import type { ListAttributeLabels } from '@contract/receivers';
import { standardFilterFields } from '@contract/receiverFields';
import { listLabels } from '../lists/listLabels';

// What a column of an import file can become (a subscriber field, a label of the list, or nothing),
// and the rules of the mapping step: each target once, name and e-mail address required.

export interface TargetChoice {
  id: ImportTarget;
  /** An i18n key (fields) or the list's own label (attributes). */
  name: string;
  group: 'fields' | 'labels';
}

/** The targets are the server's own: app.receivers.subscribers.fields.* and the list's labels. */
export function importTargetChoices(list: ListAttributeLabels): TargetChoice[] {
  return [
    ...standardFilterFields.map((field): TargetChoice => ({
      id: field,
      name: `app.receivers.subscribers.fields.${field}`,
      group: 'fields',
    })),
    { id: 'isOrganization', name: 'app.receivers.imports.columns.organization', group: 'fields' },
    ...listLabels(list).map(({ number, label }): TargetChoice => ({
      id: `attribute${number}` as ImportTarget,
      name: label,
      group: 'labels',
    })),
  ];
}

export const requiredTargets = ['name', 'email'] as const satisfies readonly ImportTarget[];

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
