import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import type { DeliverCheck, Publication, PublicationVariant, RenderedPublication } from '@contract/publications';
import type { AbTest } from '@contract/abTests';
import type { AnalyticsReport, PublicationMeasuring } from '@contract/analytics';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import SendIcon from '@mui/icons-material/Send';
import { createElement } from 'react';
import { maxLength, required } from 'react-admin';
import { maxPreheaderLength, maxSubjectLength } from '@contract/mailLimits';
import { jobs } from '../jobs';
import { readSession } from '../../authProvider/session';
import { PublicationTemplateInput } from '../../custom/publications/PublicationTemplateInput';
import { splitAddresses, validateTestSendAddresses } from '../../custom/publications/testSendAddresses';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { answers } from '../../declarative/apiMapping';
import { measuringForm } from './measuringForm';

const PublicationContent = lazyView(
  () => import('../../custom/publications/PublicationContent'),
  'PublicationContent',
);
const PublicationDeliverPage = lazyView(
  () => import('../../custom/publications/PublicationDeliverPage'),
  'PublicationDeliverPage',
);
const PublicationAnalyticsPage = lazyView(
  () => import('../../custom/publications/PublicationAnalyticsPage'),
  'PublicationAnalyticsPage',
);

/**
 * Publications (spec §3, §7): the table at /publications/, the 'Nieuwe Publicatie' and
 * 'Publicatie aanpassen' panels, the publication page with its blocks, their editor and the live preview,
 * and its confirmed delete, and its
 * deliver, analytics and RSVP pages.
 */
export const publications = defineResource<Publication>()({
  name: 'publications',
  label: { one: 'app.publications.one', many: 'app.publications.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/publications/' },
    getOne: { method: 'GET', path: '/publications/{id}' },
    // Answers the new id as a bare JSON string.
    create: { method: 'POST', path: '/publications/', body: ['name', 'publicationTypeId'] },
    // subject, preheader and senderName are extensions beside the spec's body.
    update: {
      method: 'PUT',
      path: '/publications/{id}',
      body: ['name', 'subject', 'preheader', 'senderName', 'isNotMarketing', 'isPublic'],
    },
    // Extension: deletes the publication with its blocks; 409 once it has delivery jobs.
    delete: { method: 'DELETE', path: '/publications/{id}' },
    actions: {
      // Extension: the publication through one of its type's templates, as HTML and plain text.
      render: answers<RenderedPublication>({
        method: 'GET',
        path: '/publications/{id}/render',
        // `recipient`: 'Bekijken als', that recipient's values in the merge fields; `variant`: a content
        // variant ('B' to 'D') instead of the publication's own blocks.
        query: ['templateId', 'recipient', 'variant'],
      }),
      // Extension: the content variants of an A/B test of content, each with its blocks (a copy of the
      // publication's, edited with publicationBlocks' saveContent).
      variants: answers<PublicationVariant[]>({ method: 'GET', path: '/publications/{id}/variants' }),
      addVariant: answers<PublicationVariant>({ method: 'POST', path: '/publications/{id}/variants' }),
      removeVariant: { method: 'DELETE', path: '/publications/{id}/variants/{variantId}' },
      // Extension: the publication through a template to typed addresses, subject marked [TEST].
      testSend: { method: 'POST', path: '/publications/{id}/test-sends', body: ['templateId', 'addresses'] },
      // Extension: a copy with the same type, settings and blocks, named '{name} (kopie)'; answers the copy.
      duplicate: { method: 'POST', path: '/publications/{id}/duplicate' },
      // Extension: what a delivery of the chosen audience and template would do (recipients, blockers, warnings).
      deliverCheck: answers<DeliverCheck>({
        method: 'GET',
        path: '/publications/{id}/deliver-check',
        query: ['audienceId', 'templateId', 'onlyAcceptedRsvp', 'participantGroup', 'contentVariants'],
        // The recipients change with the audiences and their lists (an import ending adds some); whether
        // the send needs approval, with 'Goedkeuring'.
        follows: ['audiences', 'listImports', 'approvalSettings'],
      }),
      // Extension: sent, delivered, bounces, opens, clicks, the chart and the links (all jobs, or one).
      analytics: answers<AnalyticsReport>({
        method: 'GET',
        path: '/publications/{id}/analytics',
        query: ['jobId'],
        // While a job is planned or sending, the figures (and the recipient table with them) follow it.
        poll: { every: 5000, while: (report) => report.sending, alsoRefreshes: ['analyticsRecipients'] },
      }),
      // Extension: the recipient table (resource analyticsRecipients) as a streamed CSV file.
      analyticsRecipientsCsv: {
        method: 'GET',
        path: '/publications/{id}/analytics/recipients/csv',
        query: ['jobId'],
      },
      // Extension: the publication's A/B tests, their variants side by side (read again while one runs).
      abTests: answers<AbTest[]>({
        method: 'GET',
        path: '/publications/{id}/abtests',
        poll: { every: 5000, while: (tests) => tests.some((test) => test.state !== 'Winnaar verzonden') },
      }),
      // Extension: 'Meten' of the publication (its own choice and what applies).
      measuring: answers<PublicationMeasuring>({ method: 'GET', path: '/publications/{id}/measuring' }),
      setMeasuring: { method: 'PUT', path: '/publications/{id}/measuring', body: ['mode', 'legalBasis'] },
    },
  },
  fields: [
    {
      source: 'name',
      label: 'app.publications.fields.name',
      kind: 'text',
      validate: required('app.publications.validation.name_required'),
    },
    {
      source: 'publicationTypeId',
      label: 'app.publications.fields.publicationType',
      kind: 'reference',
      reference: 'publicationTypes',
      optionText: 'name',
      sort: { field: 'name', order: 'ASC' },
      validate: required('app.publications.validation.type_required'),
    },
    { source: 'publicationTypeName', label: 'app.publications.fields.publicationType', kind: 'text' },
    {
      source: 'subject',
      label: 'app.publications.fields.subject',
      kind: 'text',
      helperText: 'app.publications.fields.subject_help',
      validate: maxLength(maxSubjectLength),
    },
    {
      source: 'preheader',
      label: 'app.publications.fields.preheader',
      kind: 'text',
      helperText: 'app.publications.fields.preheader_help',
      validate: maxLength(maxPreheaderLength),
    },
    { source: 'isNotMarketing', label: 'app.publications.fields.isNotMarketing', kind: 'boolean' },
    { source: 'isPublic', label: 'app.publications.fields.isPublic', kind: 'boolean' },
    {
      source: 'senderName',
      label: 'app.sending.fields.publicationSenderName',
      helperText: 'app.sending.help.publicationSenderName',
      kind: 'text',
      validate: maxLength(100),
    },
  ],
  views: {
    list: {
      title: 'app.publications.list.title',
      columns: ['name', 'publicationTypeName', 'isNotMarketing', 'isPublic'],
      phoneColumns: ['name', 'isPublic'],
      rowClick: 'show',
      empty: 'app.publications.list.empty',
    },
    // /publications/{id}: the publication with its flags and actions, and its blocks in order.
    show: {
      back: { to: '/publications/', label: 'app.publications.page.back' },
      // The card names the publication; the page bar says what kind of page this is.
      pageTitle: 'app.publications.one',
      flags: [
        { label: 'app.publications.page.not_marketing', when: (p) => p.isNotMarketing, color: 'info' },
        { label: 'app.publications.page.marketing', when: (p) => !p.isNotMarketing },
        { label: 'app.publications.page.public', when: (p) => p.isPublic, color: 'success' },
        { label: 'app.publications.page.not_public', when: (p) => !p.isPublic },
      ],
      summary: [{ label: 'app.publications.page.type', values: (p) => ({ name: p.publicationTypeName }) }],
      actions: [
        {
          label: 'app.publications.page.deliver',
          icon: SendIcon,
          variant: 'contained',
          form: { resource: jobs, form: 'deliver' },
          // A Redacteur sends by asking approval (with 'Goedkeuring' on; the deliver check says so, or why not).
          orCall: { resource: 'approvals', call: 'create' },
          // Absent it would leave a member looking for how a publication goes out.
          whenDenied: { reason: 'app.publications.page.deliver_denied' },
        },
        { label: 'app.test_send.action', icon: ScienceOutlinedIcon, form: 'testSend' },
        { label: 'app.publications.page.edit', icon: EditOutlinedIcon, form: 'edit' },
        { label: 'app.publications.duplicate.action', icon: ContentCopyOutlinedIcon, form: 'duplicate' },
        {
          label: 'app.publications.page.analytics',
          icon: BarChartOutlinedIcon,
          to: (p) => `/publications/${p.id}/analytics`,
        },
        {
          label: 'app.publications.page.rsvp',
          icon: EventAvailableOutlinedIcon,
          to: (p) => `/publications/${p.id}/rsvp`,
        },
        {
          label: 'app.publications.delete.action',
          // Extension: refused (409, the server's message) once the publication has delivery jobs.
          delete: {
            confirmTitle: 'app.publications.delete.title',
            confirmContent: 'app.publications.delete.content',
            successMessage: 'app.publications.delete.deleted',
            redirect: '/publications/',
          },
        },
      ],
      sections: [{ component: PublicationContent }],
      notFound: 'app.publications.page.not_found',
      // Room for the block editor beside the 600 px e-mail preview.
      maxWidth: 1640,
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newPublication',
      title: 'app.publications.create.title',
      fields: ['name', 'publicationTypeId'],
      redirect: (publication) => `/publications/${publication.id}`,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updatePublication',
      title: 'app.publications.edit.title',
      fields: ['name', 'subject', 'preheader', 'senderName', 'isNotMarketing', 'isPublic'],
    },
    forms: {
      measuring: measuringForm,
      duplicate: {
        as: 'slideOver',
        slideOverType: 'duplicatePublication',
        title: 'app.publications.duplicate.title',
        description: 'app.publications.duplicate.description',
        fields: [],
        save: { action: 'duplicate' },
        submitLabel: 'app.publications.duplicate.action',
        submitIcon: createElement(ContentCopyOutlinedIcon),
        successMessage: 'app.publications.duplicate.done',
        // The action answers the copy: its page is where the work goes on.
        redirect: (copy) => `/publications/${copy.id}`,
      },
      testSend: {
        as: 'slideOver',
        slideOverType: 'testSendPublication',
        title: 'app.test_send.title',
        description: 'app.test_send.description',
        fields: [
          {
            source: 'templateId',
            label: 'app.test_send.template',
            kind: 'choice',
            choices: [],
            defaultValue: null,
            validate: required('app.deliver.template_required'),
            input: PublicationTemplateInput,
          },
          {
            source: 'addresses',
            label: 'app.test_send.addresses',
            kind: 'longText',
            helperText: 'app.test_send.addresses_help',
            defaultValue: '',
            validate: validateTestSendAddresses,
          },
        ],
        // Most tests go to oneself first.
        defaultValues: () => ({ addresses: readSession().userEmail ?? '' }),
        transform: ({ templateId, addresses }) => ({
          templateId,
          addresses: splitAddresses(typeof addresses === 'string' ? addresses : ''),
        }),
        save: { action: 'testSend' },
        submitLabel: 'app.test_send.submit',
        submitIcon: createElement(SendIcon),
        successMessage: 'app.test_send.sent',
      },
    },
  },
  routes: { list: '/publications/', show: '/publications/:id' },
  menu: { label: 'app.menu.publications', icon: ArticleOutlinedIcon, order: 10 },
  pages: [
    { path: '/publications/:id/deliver', component: PublicationDeliverPage },
    { path: '/publications/:id/analytics', component: PublicationAnalyticsPage },
  ],
  invalidates: ['jobs', 'publicationBlocks'],
  broadcasts: ['refreshpublication'],
});
