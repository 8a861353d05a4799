import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import type { AbTest } from '@contract/abTests';
import type { DeliveryJob } from '@contract/publications';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import { createElement } from 'react';
import { required } from 'react-admin';
import { formatMoment } from '../../custom/publications/formatMoment';
import { validateFutureMoment } from '../../custom/publications/futureMoment';
import { JobAudienceCell } from '../../custom/publications/JobAudienceCell';
import { JobCreatedCell } from '../../custom/publications/JobCreatedCell';
import { JobPublicationCell } from '../../custom/publications/JobPublicationCell';
import { JobProgressCell } from '../../custom/publications/JobProgressCell';
import { JobStatusCell } from '../../custom/publications/JobStatusCell';
import { isActive, isLive, liveRefreshMs } from '../../custom/publications/jobProgress';
import { answers } from '../../declarative/apiMapping';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { jobRecipients } from '../jobRecipients';

const JobDetailSummary = lazyView(
  () => import('../../custom/publications/JobDetailSummary'),
  'JobDetailSummary',
);
const DeliverPublicationSlideOver = lazyView(
  () => import('../../custom/publications/DeliverPublicationSlideOver'),
  'DeliverPublicationSlideOver',
);

/**
 * Delivery jobs (spec §3, §7 POST /deliveryjobs): the table at /jobs/ with each job's state and progress,
 * the job's page (counts, progress, cancel, its recipients) and the deliver panel.
 */
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
        'participantGroup',
        'scheduledAt',
        // Extension: an A/B test of 2 to 4 variants (custom/abTests).
        'abTest',
      ],
    },
    actions: {
      cancel: { method: 'POST', path: '/deliveryjobs/{id}/cancel' },
      // Extension: the A/B test the job belongs to, its variants side by side.
      abTest: answers<AbTest>({
        method: 'GET',
        path: '/deliveryjobs/{id}/abtest',
        poll: { every: liveRefreshMs, while: (test) => test.state !== 'Winnaar verzonden' },
      }),
      // Extension: 'Zelf kiezen' (the winner by hand) and 'Nu beslissen' (by the test's measure, now).
      chooseAbTestWinner: { method: 'POST', path: '/deliveryjobs/{id}/abtest/winner', body: ['winner'] },
      decideAbTest: { method: 'POST', path: '/deliveryjobs/{id}/abtest/decide' },
      // Extension: a planned job's new moment (409 once it has started).
      schedule: { method: 'PUT', path: '/deliveryjobs/{id}/schedule', body: ['scheduledAt'] },
    },
  },
  fields: [
    { source: 'publicationName', label: 'app.jobs.fields.publication', kind: 'text' },
    { source: 'title', label: 'app.jobs.fields.title', kind: 'text' },
    { source: 'audienceName', label: 'app.jobs.fields.audience', kind: 'text' },
    { source: 'recipientCount', label: 'app.jobs.fields.recipientCount', kind: 'number' },
    { source: 'createdAt', label: 'app.jobs.fields.createdAt', kind: 'date' },
    { source: 'status', label: 'app.jobs.fields.status', kind: 'text' },
    { source: 'sentCount', label: 'app.jobs.fields.progress', kind: 'number' },
    { source: 'scheduledAt', label: 'app.jobs.fields.scheduledAt', kind: 'dateTime' },
  ],
  views: {
    list: {
      title: 'app.jobs.list.title',
      columns: [
        // The job's title opens the job; the publication's name links to the publication: one link per
        // target, each named for it (the row link once wrapped the publication's link, same name twice).
        'title',
        { source: 'publicationName', render: (job) => <JobPublicationCell job={job} /> },
        { source: 'audienceName', render: (job) => <JobAudienceCell job={job} /> },
        'recipientCount',
        { source: 'createdAt', render: (job) => <JobCreatedCell job={job} /> },
        { source: 'status', render: (job) => <JobStatusCell job={job} /> },
        { source: 'sentCount', sortable: false, render: (job) => <JobProgressCell job={job} /> },
      ],
      phoneColumns: ['title', 'status'],
      sort: { field: 'createdAt', order: 'DESC' },
      rowClick: 'show',
      empty: 'app.jobs.list.empty',
      // A running job's progress is read again every few seconds, by this table's own query.
      poll: { every: liveRefreshMs, while: (job) => isLive(job) },
    },
    show: {
      back: { to: '/jobs/', label: 'app.jobs.detail.back' },
      pageTitle: 'app.jobs.one',
      flags: [
        {
          label: 'app.jobs.detail.status',
          values: (job) => ({ status: job.status }),
          color: 'info',
          variant: 'outlined',
        },
      ],
      summary: [
        { label: 'app.jobs.detail.publication', values: (job) => ({ name: job.publicationName }) },
        {
          label: 'app.jobs.detail.audience',
          values: (job) => ({ name: job.audienceName ?? '—' }),
        },
        // 'Gepland voor …' only while the job waits for its moment; once started, when it started.
        {
          label: 'app.jobs.detail.scheduled',
          when: (job) => job.status === 'Gepland',
          values: (job) => ({ moment: formatMoment(job.scheduledAt) }),
        },
        {
          label: 'app.jobs.detail.started',
          when: (job) => job.startedAt !== null,
          values: (job) => ({ moment: job.startedAt ? formatMoment(job.startedAt) : '' }),
        },
        // 'Goedkeuring': who approved the send and when.
        {
          label: 'app.approval.job_approved',
          when: (job) => job.approvedAt !== null,
          values: (job) => ({
            name: job.approvedBy ?? '—',
            moment: job.approvedAt ? formatMoment(job.approvedAt) : '',
          }),
        },
      ],
      actions: [
        {
          label: 'app.jobs.detail.reschedule',
          icon: EditCalendarOutlinedIcon,
          form: 'reschedule',
          when: (job) => job.status === 'Gepland',
        },
        // While it is planned or running: the recipients still waiting are not sent.
        {
          label: 'app.jobs.detail.cancel',
          icon: CancelScheduleSendOutlinedIcon,
          variant: 'outlined',
          when: (job) => isActive(job),
          run: {
            action: 'cancel',
            confirm: {
              title: 'app.jobs.detail.cancel_title',
              content: 'app.jobs.detail.cancel_content',
              confirmLabel: 'app.jobs.detail.cancel',
              cancelLabel: 'app.jobs.detail.keep',
            },
            successMessage: 'app.jobs.detail.cancelled',
          },
        },
      ],
      extra: JobDetailSummary,
      poll: { every: liveRefreshMs, while: (job) => isLive(job) },
      sections: [{ table: jobRecipients, target: 'jobId', title: 'app.jobs.recipients.many' }],
      notFound: 'app.jobs.detail.not_found',
    },
    forms: {
      reschedule: {
        as: 'slideOver',
        slideOverType: 'rescheduleJob',
        title: 'app.jobs.detail.reschedule_title',
        description: 'app.jobs.detail.reschedule_description',
        fields: [
          {
            source: 'scheduledAt',
            label: 'app.jobs.fields.scheduledAt',
            kind: 'dateTime',
            validate: [required(), validateFutureMoment],
          },
        ],
        defaultValues: ({ record }) => ({ scheduledAt: record?.scheduledAt }),
        transform: ({ scheduledAt }) => ({ scheduledAt: new Date(String(scheduledAt)).toISOString() }),
        save: { action: 'schedule' },
        submitLabel: 'app.jobs.detail.reschedule',
        submitIcon: createElement(EditCalendarOutlinedIcon),
        successMessage: 'app.jobs.detail.rescheduled',
      },
      // Opened from a publication ('{name} verspreiden'), never from the jobs table.
      deliver: {
        as: 'slideOver',
        slideOverType: 'deliverPublication',
        title: 'app.deliver.title',
        component: DeliverPublicationSlideOver,
        // It creates a delivery job (or plans one).
        save: 'create',
      },
    },
  },
  routes: { list: '/jobs/', show: '/jobs/:id' },
  menu: { label: 'app.menu.jobs', icon: ScheduleSendOutlinedIcon, order: 50 },
  // A delivery's choice of template reads the publication's type again.
  invalidates: ['publicationTypes'],
  broadcasts: ['refreshpublicationtemplates'],
});
