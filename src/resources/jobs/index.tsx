import type { DeliveryJob } from '@contract/publications';
import { JobAudienceCell } from '../../custom/publications/JobAudienceCell';
import { JobCreatedCell } from '../../custom/publications/JobCreatedCell';
import { JobPublicationCell } from '../../custom/publications/JobPublicationCell';
import { JobStatusCell } from '../../custom/publications/JobStatusCell';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

const DeliverPublicationSlideOver = lazyView(
  () => import('../../custom/publications/DeliverPublicationSlideOver'),
  'DeliverPublicationSlideOver',
);

/** Delivery jobs (spec §3, §7 POST /deliveryjobs): the table at /jobs/ and the deliver panel. */
export const jobs = defineResource<DeliveryJob>()({
  name: 'jobs',
  label: { one: 'app.jobs.one', many: 'app.jobs.many' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/deliveryjobs' },
    getOne: { method: 'GET', path: '/deliveryjobs/{id}' },
    // Answers the job; the spec's body names SendToOnlyAcceptedRsvp with a capital S.
    create: {
      method: 'POST',
      path: '/deliveryjobs',
      body: [
        'publicationId',
        'title',
        'publicationTemplateId',
        'audienceId',
        'ignoreRsvp',
        'SendToOnlyAcceptedRsvp',
      ],
    },
  },
  fields: [
    { source: 'publicationName', label: 'app.jobs.fields.publication', kind: 'text' },
    { source: 'title', label: 'app.jobs.fields.title', kind: 'text' },
    { source: 'audienceName', label: 'app.jobs.fields.audience', kind: 'text' },
    { source: 'recipientCount', label: 'app.jobs.fields.recipientCount', kind: 'number' },
    { source: 'createdAt', label: 'app.jobs.fields.createdAt', kind: 'date' },
    { source: 'status', label: 'app.jobs.fields.status', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.jobs.list.title',
      columns: [
        { source: 'publicationName', render: (job) => <JobPublicationCell job={job} /> },
        'title',
        { source: 'audienceName', render: (job) => <JobAudienceCell job={job} /> },
        'recipientCount',
        { source: 'createdAt', render: (job) => <JobCreatedCell job={job} /> },
        { source: 'status', render: (job) => <JobStatusCell job={job} /> },
      ],
      phoneColumns: ['publicationName', 'status'],
      sort: { field: 'createdAt', order: 'DESC' },
      empty: 'app.jobs.list.empty',
    },
    forms: {
      // Opened from a publication ('{name} verspreiden'), never from the jobs table.
      deliver: {
        as: 'slideOver',
        slideOverType: 'deliverPublication',
        title: 'app.deliver.title',
        component: DeliverPublicationSlideOver,
      },
    },
  },
  routes: { list: '/jobs/' },
  refreshEvents: ['refreshpublicationtemplates'],
});
