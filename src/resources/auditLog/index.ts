import type { AuditLogActor, AuditLogEntry } from '@contract/auditLog';
import { auditLogKinds, auditLogResourceTypeLabels } from '@contract/auditLogKinds';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import { answers } from '../../declarative/apiMapping';
import { defineResource } from '../../declarative/resourceDeclaration';
import { auditLogKindKey } from '../../i18n/auditLog.nl';

const filters = ['actorUserId', 'kind', 'from', 'until'];
const kindChoices = auditLogKinds.map((kind) => ({ id: kind, name: auditLogKindKey(kind) }));

/** What an entry concerns: its type and, when it has one, its name ('Verzending: Nieuwsbrief mei'). */
function concerns(entry: AuditLogEntry): string {
  const type = auditLogResourceTypeLabels[entry.resourceType];
  return entry.resourceLabel ? `${type}: ${entry.resourceLabel}` : type;
}

/**
 * The Logboek (issue 39, docs/administration/roles-approval-log.md): who did what when in the
 * environment, newest first, filtered by member, kind and period, and 'Exporteren' of what the filters
 * show as CSV. Read-only: the server writes it as things happen.
 */
export const auditLog = defineResource<AuditLogEntry>()({
  name: 'auditLog',
  label: { one: 'app.auditLog.one', many: 'app.auditLog.many' },
  recordRepresentation: 'kind',
  api: {
    getList: { method: 'GET', path: '/auditlog', query: filters },
    actions: {
      actors: answers<AuditLogActor[]>({ method: 'GET', path: '/auditlog/actors' }),
      export: { method: 'GET', path: '/auditlog/export', query: filters },
    },
  },
  fields: [
    { source: 'occurredAt', label: 'app.auditLog.fields.occurredAt', kind: 'dateTime' },
    { source: 'actorName', label: 'app.auditLog.fields.actorName', kind: 'text' },
    { source: 'kind', label: 'app.auditLog.fields.kind', kind: 'choice', choices: kindChoices },
    {
      source: 'resourceLabel',
      label: 'app.auditLog.fields.resourceLabel',
      kind: 'text',
      displayAs: (_label, entry) => concerns(entry as AuditLogEntry),
    },
    { source: 'rowCount', label: 'app.auditLog.fields.rowCount', kind: 'number' },
    { source: 'detail', label: 'app.auditLog.fields.detail', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.auditLog.title',
      columns: [
        { source: 'occurredAt', sortable: false },
        // On a phone who did it and to what show under what was done.
        { source: 'actorName', sortable: false, phoneUnder: 'kind' },
        { source: 'kind', sortable: false },
        { source: 'resourceLabel', sortable: false, phoneUnder: 'kind' },
        { source: 'rowCount', sortable: false },
        { source: 'detail', sortable: false },
      ],
      phoneColumns: ['occurredAt', 'kind'],
      search: false,
      choiceFilters: [
        {
          source: 'actorUserId',
          label: 'app.auditLog.fields.actorUserId',
          choices: { action: 'actors', optionText: 'name' },
        },
        { source: 'kind', label: 'app.auditLog.fields.kind', choices: kindChoices },
      ],
      dateFilters: [
        { source: 'from', label: 'app.auditLog.fields.from' },
        { source: 'until', label: 'app.auditLog.fields.until' },
      ],
      downloads: [{ label: 'app.auditLog.export', action: 'export', fileName: 'logboek.csv' }],
      rowClick: false,
      empty: 'app.auditLog.empty',
    },
  },
  routes: { list: '/logboek/' },
  menu: { label: 'app.menu.auditLog', icon: ManageHistoryOutlinedIcon, order: 42, pinned: true },
});
