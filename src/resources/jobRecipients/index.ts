import type { DeliveryRecipient } from '@contract/publications';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * The recipients of a delivery job with their result (extension GET /deliveryjobs/{jobId}/recipients):
 * the table on the job's page, searchable by address.
 */
export const jobRecipients = defineResource<DeliveryRecipient>()({
  name: 'jobRecipients',
  label: { one: 'app.jobs.recipients.one', many: 'app.jobs.recipients.many' },
  recordRepresentation: 'email',
  parent: { resource: 'jobs', param: 'jobId' },
  api: {
    getList: { method: 'GET', path: '/deliveryjobs/{jobId}/recipients' },
  },
  fields: [
    { source: 'email', label: 'app.jobs.recipients.fields.email', kind: 'text' },
    { source: 'status', label: 'app.jobs.recipients.fields.status', kind: 'text' },
    { source: 'finishedAt', label: 'app.jobs.recipients.fields.finishedAt', kind: 'dateTime' },
    { source: 'detail', label: 'app.jobs.recipients.fields.detail', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.jobs.recipients.many',
      columns: [
        { source: 'email', sortable: false },
        { source: 'status', sortable: false },
        { source: 'finishedAt', sortable: false },
        { source: 'detail', sortable: false },
      ],
      rowClick: false,
      empty: 'app.jobs.recipients.empty',
    },
  },
});
