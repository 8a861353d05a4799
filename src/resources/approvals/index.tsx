import type { ApprovalCount, ApprovalRequest, ApprovalReview } from '@contract/approval';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { required } from 'react-admin';
import { formatMoment } from '../../custom/publications/formatMoment';
import { lazyView } from '../../declarative/lazyView';
import { answers } from '../../declarative/apiMapping';
import { defineResource } from '../../declarative/resourceDeclaration';

const approval = () => import('../../custom/approval');
const ApprovalBadge = lazyView(approval, 'ApprovalBadge');
const ApprovalReviewSection = lazyView(approval, 'ApprovalReviewSection');
const ApprovalJourneySection = lazyView(approval, 'ApprovalJourneySection');

const waiting = (request: ApprovalRequest) => request.state === 'Wacht op goedkeuring';
const isSend = (request: ApprovalRequest) => request.kind === 'send';
const isJourney = (request: ApprovalRequest) => request.kind === 'journey';
const open = (request: ApprovalRequest) => waiting(request) || request.state === 'Vervallen';
const approversText = (request: ApprovalRequest) =>
  request.approvers.length > 0 ? request.approvers.join(', ') : 'app.approval.detail.nobody';

/** 'Goedkeuren' of one kind of request, saying what approving it does. */
function approveAction(kind: (request: ApprovalRequest) => boolean, content: string, successMessage: string) {
  return {
    label: 'app.approval.detail.approve',
    icon: ThumbUpOutlinedIcon,
    variant: 'contained' as const,
    when: (request: ApprovalRequest) => kind(request) && open(request),
    unavailable: (request: ApprovalRequest) => request.notDecidableReason ?? undefined,
    // A Redacteur who asked for approval sees why they cannot approve; a Lezer sees no action.
    whenDenied: { reason: 'app.approval.detail.approve_denied' },
    run: {
      action: 'approve' as const,
      confirm: {
        title: 'app.approval.detail.approve_title',
        content,
        confirmLabel: 'app.approval.detail.approve',
      },
      successMessage,
    },
  };
}

/**
 * Approval requests ('Goedkeuring', issue 39): the list 'Goed te keuren' with a count badge in the
 * sidebar, and a request's page with what would go out (preview, audience, count, checks, sender,
 * moment) or, for publishing a journey, the journey (its start and steps), and 'Goedkeuren' or
 * 'Afwijzen' (with a reason) for a member who may decide it.
 */
export const approvals = defineResource<ApprovalRequest>()({
  name: 'approvals',
  label: { one: 'app.approval.one', many: 'app.approval.many' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/approvalrequests', query: ['state'] },
    getOne: { method: 'GET', path: '/approvalrequests/{id}' },
    // The body of POST /deliveryjobs: 'Verspreiden' of a send that needs approval.
    create: {
      method: 'POST',
      path: '/approvalrequests',
      body: [
        'publicationId',
        'title',
        'publicationTemplateId',
        'audienceId',
        'ignoreRsvp',
        'SendToOnlyAcceptedRsvp',
        'participantGroup',
        'scheduledAt',
      ],
    },
    actions: {
      approve: { method: 'POST', path: '/approvalrequests/{id}/approve' },
      reject: { method: 'POST', path: '/approvalrequests/{id}/reject', body: ['reason'] },
      count: answers<ApprovalCount>({
        method: 'GET',
        path: '/approvalrequests/count',
        // Another member's request shows up without a reload.
        poll: { every: 30_000, while: () => true },
      }),
      review: answers<ApprovalReview>({
        method: 'GET',
        path: '/approvalrequests/{id}/review',
        follows: ['publications', 'audiences'],
      }),
    },
  },
  fields: [
    { source: 'title', label: 'app.approval.fields.title', kind: 'text' },
    { source: 'publicationName', label: 'app.approval.fields.publicationName', kind: 'text' },
    { source: 'audienceName', label: 'app.approval.fields.audienceName', kind: 'text' },
    { source: 'recipientCount', label: 'app.approval.fields.recipientCount', kind: 'number' },
    { source: 'state', label: 'app.approval.fields.state', kind: 'text' },
    { source: 'requestedBy', label: 'app.approval.fields.requestedBy', kind: 'text' },
    { source: 'requestedAt', label: 'app.approval.fields.requestedAt', kind: 'dateTime' },
  ],
  views: {
    list: {
      title: 'app.approval.list.title',
      columns: [
        { source: 'title', sortable: false },
        {
          // What is to go out: the publication to send, or the journey to publish.
          source: 'publicationName',
          label: 'app.approval.fields.subject',
          sortable: false,
          render: (request) => request.publicationName ?? request.journeyName ?? '—',
        },
        { source: 'audienceName', sortable: false },
        { source: 'recipientCount', sortable: false },
        { source: 'state', sortable: false },
        { source: 'requestedBy', sortable: false },
        { source: 'requestedAt', sortable: false },
      ],
      phoneColumns: ['title', 'state'],
      rowClick: 'show',
      empty: 'app.approval.list.empty',
    },
    show: {
      back: { to: '/approvals/', label: 'app.approval.detail.back' },
      pageTitle: 'app.approval.one',
      flags: [
        {
          label: 'app.approval.detail.state',
          values: (request) => ({ state: request.state }),
          color: 'info',
          variant: 'outlined',
        },
      ],
      summary: [
        {
          label: 'app.approval.detail.publication',
          when: isSend,
          values: (request) => ({ name: request.publicationName ?? '—' }),
        },
        {
          label: 'app.approval.detail.journey',
          when: isJourney,
          values: (request) => ({ name: request.journeyName ?? '—' }),
        },
        {
          label: 'app.approval.detail.audience',
          when: isSend,
          values: (request) => ({ name: request.audienceName ?? '—' }),
        },
        {
          label: 'app.approval.detail.recipients',
          when: isSend,
          values: (request) => ({ count: (request.recipientCount ?? 0).toLocaleString('nl-NL') }),
        },
        {
          label: 'app.approval.detail.requested',
          values: (request) => ({
            name: request.requestedBy ?? '—',
            moment: formatMoment(request.requestedAt),
          }),
        },
        {
          label: 'app.approval.detail.moment_now',
          when: (request) => isSend(request) && request.scheduledAt === null,
        },
        {
          label: 'app.approval.detail.moment_planned',
          when: (request) => isSend(request) && request.scheduledAt !== null,
          values: (request) => ({ moment: request.scheduledAt ? formatMoment(request.scheduledAt) : '' }),
        },
        {
          label: 'app.approval.detail.waiting_for',
          when: waiting,
          values: (request) => ({ approvers: approversText(request) }),
        },
        {
          label: 'app.approval.detail.approved',
          when: (request) => request.state === 'Goedgekeurd',
          values: (request) => ({
            name: request.decidedBy ?? '—',
            moment: request.decidedAt ? formatMoment(request.decidedAt) : '',
          }),
        },
        {
          label: 'app.approval.detail.rejected',
          when: (request) => request.state === 'Afgewezen',
          values: (request) => ({
            name: request.decidedBy ?? '—',
            moment: request.decidedAt ? formatMoment(request.decidedAt) : '',
            reason: request.rejectionReason ?? '',
          }),
        },
      ],
      // 'Vervallen: de publicatie is gewijzigd na de aanvraag', as the server words it.
      notice: (request) =>
        request.state === 'Vervallen' ? (request.notDecidableReason ?? undefined) : undefined,
      actions: [
        approveAction(isSend, 'app.approval.detail.approve_content', 'app.approval.detail.approved_message'),
        approveAction(
          isJourney,
          'app.approval.detail.approve_journey_content',
          'app.approval.detail.approved_journey_message',
        ),
        {
          label: 'app.approval.detail.reject',
          icon: ThumbDownOutlinedIcon,
          // Only for who may decide: 'Goedkeuren' beside it already says why others may not.
          when: (request) => waiting(request) && request.mayDecide,
          form: 'reject',
        },
        {
          label: 'app.approval.detail.job',
          when: (request) => request.jobId !== null,
          to: (request) => `/jobs/${request.jobId}`,
        },
        {
          label: 'app.approval.detail.to_journey',
          when: (request) => request.journeyId !== null,
          to: (request) => `/journeys/${request.journeyId}`,
        },
      ],
      sections: [
        { component: ApprovalReviewSection, when: (request) => isSend(request) && open(request) },
        { component: ApprovalJourneySection, when: isJourney },
      ],
      notFound: 'app.approval.detail.not_found',
      maxWidth: 1100,
    },
    forms: {
      reject: {
        as: 'slideOver',
        slideOverType: 'rejectApprovalRequest',
        title: 'app.approval.detail.reject_title',
        description: 'app.approval.detail.reject_description',
        fields: [
          {
            source: 'reason',
            label: 'app.approval.fields.reason',
            kind: 'longText',
            validate: required('app.approval.detail.reject_reason_required'),
          },
        ],
        save: { action: 'reject' },
        submitLabel: 'app.approval.detail.reject',
        submitIcon: <ThumbDownOutlinedIcon />,
        successMessage: 'app.approval.detail.rejected_message',
      },
    },
  },
  routes: { list: '/approvals/', show: '/approvals/:id' },
  menu: { label: 'app.menu.approvals', icon: FactCheckOutlinedIcon, order: 55, badge: ApprovalBadge },
  // An approval creates the delivery job, or publishes the journey.
  invalidates: ['jobs', 'journeys'],
});
