import type { PlatformLogEntry } from '@contract/auditLog';
import { auditLogResourceTypeLabels, platformLogKinds } from '@contract/auditLogKinds';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import { defineResource } from '../../declarative/resourceDeclaration';
import { auditLogKindKey } from '../../i18n/auditLog.nl';

/**
 * The platform log for platform administrators (GET /platform/log): environments created and members
 * added, removed or given another role, in every environment, newest first. Read-only.
 */
export const platformLog = defineResource<PlatformLogEntry>()({
  name: 'platformLog',
  label: { one: 'app.auditLog.one', many: 'app.auditLog.platform.title' },
  recordRepresentation: 'kind',
  api: { getList: { method: 'GET', path: '/platform/log' } },
  fields: [
    { source: 'occurredAt', label: 'app.auditLog.fields.occurredAt', kind: 'dateTime' },
    { source: 'environmentName', label: 'app.auditLog.fields.environmentName', kind: 'text' },
    { source: 'actorName', label: 'app.auditLog.fields.actorName', kind: 'text' },
    {
      source: 'kind',
      label: 'app.auditLog.fields.kind',
      kind: 'choice',
      choices: platformLogKinds.map((kind) => ({ id: kind, name: auditLogKindKey(kind) })),
    },
    {
      source: 'resourceLabel',
      label: 'app.auditLog.fields.resourceLabel',
      kind: 'text',
      displayAs: (label, entry) =>
        typeof label === 'string' && label !== ''
          ? label
          : auditLogResourceTypeLabels[(entry as PlatformLogEntry).resourceType],
    },
    { source: 'detail', label: 'app.auditLog.fields.detail', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.auditLog.platform.title',
      columns: [
        { source: 'occurredAt', sortable: false },
        { source: 'environmentName', sortable: false, phoneUnder: 'kind' },
        { source: 'actorName', sortable: false, phoneUnder: 'kind' },
        { source: 'kind', sortable: false },
        { source: 'resourceLabel', sortable: false, phoneUnder: 'kind' },
        { source: 'detail', sortable: false },
      ],
      phoneColumns: ['occurredAt', 'kind'],
      search: false,
      rowClick: false,
      empty: 'app.auditLog.platform.empty',
    },
  },
  routes: { list: '/platform/log' },
  menu: {
    label: 'app.menu.platformLog',
    icon: ManageHistoryOutlinedIcon,
    order: 21,
    pinned: true,
    shownWhen: 'platformAdmin',
  },
});
