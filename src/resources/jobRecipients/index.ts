import type { DeliveryRecipient } from '@contract/publications';
import { liveRefreshMs } from '../../custom/publications/jobProgress';
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
    { source: 'email', label: 'app.jobs.recipients.fields.email', kind: 'email' },
    { source: 'status', label: 'app.jobs.recipients.fields.status', kind: 'text' },
    { source: 'finishedAt', label: 'app.jobs.recipients.fields.finishedAt', kind: 'dateTime' },
    { source: 'detail', label: 'app.jobs.recipients.fields.detail', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.jobs.recipients.many',
      columns: [
        { source: 'email', sortable: false },
        // On a phone how it went and why it failed (the bounce) stand under the address: a long address
        // beside them made the table wider than its card.
        { source: 'status', sortable: false, phoneUnder: 'email' },
        { source: 'finishedAt', sortable: false },
        { source: 'detail', sortable: false, phoneUnder: 'email' },
      ],
      // A phone shows who and how it went; when is on a wider screen.
      phoneColumns: ['email'],
      rowClick: false,
      empty: 'app.jobs.recipients.empty',
      // Recipients still waiting get their result while the job runs.
      poll: { every: liveRefreshMs, while: (recipient) => recipient.status === 'Wachtend' },
    },
  },
});
