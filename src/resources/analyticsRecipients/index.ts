import type { RecipientResult } from '@contract/analytics';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * Opens, clicks and bounces per recipient of a publication (extension GET
 * /publications/{id}/analytics/recipients, personal measuring modes only): the table on the analytics
 * page, paged, sorted and searched by the server. `jobId` in the table's filter narrows it to one job.
 */
export const analyticsRecipients = defineResource<RecipientResult>()({
  name: 'analyticsRecipients',
  label: {
    one: 'app.publications.analytics.recipient',
    many: 'app.publications.analytics.recipients_title',
  },
  recordRepresentation: 'recipient',
  parent: { resource: 'publications', param: 'publicationId' },
  api: {
    getList: {
      method: 'GET',
      path: '/publications/{publicationId}/analytics/recipients',
      query: ['jobId'],
    },
  },
  fields: [
    { source: 'recipient', label: 'app.publications.analytics.recipient', kind: 'text' },
    { source: 'opens', label: 'app.publications.analytics.opens', kind: 'number' },
    { source: 'clicks', label: 'app.publications.analytics.clicks', kind: 'number' },
    { source: 'firstOpenedAt', label: 'app.publications.analytics.first_opened', kind: 'dateTime' },
    {
      source: 'bounce',
      label: 'app.publications.analytics.bounce',
      kind: 'choice',
      choices: [
        { id: 'hard', name: 'app.publications.analytics.bounce_hard' },
        { id: 'soft', name: 'app.publications.analytics.bounce_soft' },
      ],
    },
  ],
  views: {
    list: {
      title: 'app.publications.analytics.recipients_title',
      columns: ['recipient', 'opens', 'clicks', 'firstOpenedAt', { source: 'bounce', sortable: false }],
      phoneColumns: ['recipient', 'opens', 'clicks'],
      rowClick: false,
      empty: 'app.publications.analytics.no_recipients',
    },
  },
});
