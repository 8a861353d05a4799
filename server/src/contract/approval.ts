import { Type, type Static } from '@sinclair/typebox';
import { MultilineText, Nullable, pagingProperties, StringEnum, Uuid } from './common';
import { CreateDeliveryJobBody, DeliverCheckFinding } from './publications';

export { ApprovalNeed } from './publications';

// Contract of 'Goedkeuring' (issue 39): an environment may ask a second member's approval before a send
// to many recipients. 'Verspreiden' then creates an approval request instead of a delivery job; the job
// is created when another member approves it.

const Timestamp = Type.String({ format: 'date-time' });

/**
 * GET/PUT /approval-settings: off (null) or from how many recipients a send needs approval, and whether
 * publishing a journey needs it.
 */
export const ApprovalSetting = Type.Object({
  minRecipients: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 10_000_000,
      description: 'A send to at least this many recipients needs approval; null: approval of sends is off.',
    }),
  ),
  journeys: Type.Boolean({
    description:
      "Publishing (or activating) a journey needs approval ('Ook bij het publiceren van trajecten').",
  }),
});
export type ApprovalSetting = Static<typeof ApprovalSetting>;

/** PUT /approval-settings: `journeys` left out keeps what it was. */
export const ApprovalSettingBody = Type.Object({
  minRecipients: ApprovalSetting.properties.minRecipients,
  journeys: Type.Optional(ApprovalSetting.properties.journeys),
});
export type ApprovalSettingBody = Static<typeof ApprovalSettingBody>;

export const approvalStates = ['Wacht op goedkeuring', 'Goedgekeurd', 'Afgewezen', 'Vervallen'] as const;
export type ApprovalState = (typeof approvalStates)[number];

/** What a request asks: to send a publication, or to publish a journey. */
export const approvalKinds = ['send', 'journey'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** The shown reason a request is void: what it would send or publish changed after it was made. */
export const voidedMessages: Record<ApprovalKind, string> = {
  send: 'Vervallen: de publicatie is gewijzigd na de aanvraag',
  journey: 'Vervallen: het traject is gewijzigd na de aanvraag',
};

/** POST /approvalrequests: the body of POST /deliveryjobs. */
export const CreateApprovalRequestBody = CreateDeliveryJobBody;
export type CreateApprovalRequestBody = Static<typeof CreateApprovalRequestBody>;

export const ApprovalRequest = Type.Object({
  id: Uuid,
  kind: StringEnum(approvalKinds, {
    description: "'send': a publication's send; 'journey': publishing a journey.",
  }),
  publicationId: Nullable(Uuid),
  publicationName: Nullable(Type.String()),
  journeyId: Nullable(Uuid),
  journeyName: Nullable(Type.String()),
  title: Type.String(),
  publicationTemplateId: Nullable(Uuid),
  publicationTemplateName: Nullable(Type.String()),
  audienceId: Nullable(Uuid),
  audienceName: Nullable(Type.String()),
  participantGroup: CreateDeliveryJobBody.properties.participantGroup,
  ignoreRsvp: Type.Boolean(),
  scheduledAt: Nullable(Timestamp),
  recipientCount: Nullable(
    Type.Integer({ minimum: 0, description: "The deliver check's count when it was asked (a send)." }),
  ),
  state: StringEnum(approvalStates, {
    description:
      "'Vervallen' as soon as the publication's blocks, subject, sender, template or audience differ from the " +
      "request's, or the journey's name, steps, triggers or version.",
  }),
  requestedBy: Nullable(Type.String({ description: "The requester's name (null when the user is gone)." })),
  requestedAt: Timestamp,
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Timestamp),
  rejectionReason: Nullable(Type.String()),
  jobId: Nullable(Uuid),
  journeyVersionNumber: Nullable(
    Type.Integer({ description: 'The version its approval published (a journey).' }),
  ),
  approvers: Type.Array(Type.String(), { description: 'Who may approve it (names).' }),
  mayDecide: Type.Boolean({ description: 'Whether the calling member may approve or reject it now.' }),
  notDecidableReason: Nullable(Type.String({ description: 'Why not, in Dutch, while it waits.' })),
});
export type ApprovalRequest = Static<typeof ApprovalRequest>;

/** GET /approvalrequests/{id}/review: what the approver looks at, as it would go out now. */
export const ApprovalReview = Type.Object({
  recipients: Type.Integer({ minimum: 0 }),
  blockers: Type.Array(DeliverCheckFinding),
  warnings: Type.Array(DeliverCheckFinding),
  from: Type.String({ description: 'The From line the message goes out with.' }),
});
export type ApprovalReview = Static<typeof ApprovalReview>;

export const ApprovalRequestsQuery = Type.Object({
  ...pagingProperties('Text to look for in the title and publication (case-insensitive).'),
  state: Type.Optional(StringEnum(approvalStates)),
});
export type ApprovalRequestsQuery = Static<typeof ApprovalRequestsQuery>;

export const ApprovalRequestPage = Type.Object({
  data: Type.Array(ApprovalRequest),
  total: Type.Integer({ minimum: 0 }),
});
export type ApprovalRequestPage = Static<typeof ApprovalRequestPage>;

/** GET /approvalrequests/count: the badge of 'Goed te keuren'. */
export const ApprovalCount = Type.Object({
  waiting: Type.Integer({
    minimum: 0,
    description: 'Requests waiting that the calling member may decide (not their own, not void).',
  }),
});
export type ApprovalCount = Static<typeof ApprovalCount>;

export const ApprovalRequestParams = Type.Object({ id: Uuid });
export type ApprovalRequestParams = Static<typeof ApprovalRequestParams>;

export const RejectApprovalBody = Type.Object({
  reason: MultilineText({ minLength: 1, maxLength: 2000 }),
});
export type RejectApprovalBody = Static<typeof RejectApprovalBody>;
