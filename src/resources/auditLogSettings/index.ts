import type { AuditLogSettings } from '@contract/auditLog';
import { logRetentionChoices } from '@contract/auditLogKinds';
import { required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { logRetentionTerm } from '../../i18n/auditLog.nl';

/**
 * 'Bewaartermijn Logboek': how long the Logboek keeps its entries (2 years unless set), a page under
 * /settings/ beside 'Bewaartermijnen'; the server's daily retention duty removes older entries.
 */
export const auditLogSettings = defineResource<AuditLogSettings>()({
  name: 'auditLogSettings',
  label: { one: 'app.auditLog.retention.title', many: 'app.auditLog.retention.title' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/auditlog/settings' },
    actions: { save: { method: 'PUT', path: '/auditlog/settings', body: ['retentionMonths'] } },
  },
  fields: [
    {
      source: 'retentionMonths',
      label: 'app.auditLog.retention.field',
      kind: 'choice',
      choices: logRetentionChoices.map((months) => ({ id: months, name: logRetentionTerm(months) })),
      validate: required(),
    },
  ],
  views: {
    forms: {
      retention: {
        as: 'page',
        title: 'app.auditLog.retention.title',
        description: 'app.auditLog.retention.intro',
        back: { to: '/settings/', label: 'app.settings.back' },
        fields: ['retentionMonths'],
        save: { action: 'save' },
        successMessage: 'app.auditLog.retention.saved',
      },
    },
  },
  pages: [{ path: '/settings/logboek', form: 'retention' }],
  // The change itself is an entry of the Logboek.
  invalidates: ['auditLog'],
});
