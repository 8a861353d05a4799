import { Type, type Static } from '@sinclair/typebox';
import { AbTestSetup } from './abTests';
import { maxPreheaderLength, maxSubjectLength } from './mailLimits';
import { Nullable, pagingProperties as commonPaging, StringEnum, Text, Uuid } from './common';

// Contract of the publications area (spec §3 Publication, Publication type, Delivery job; §7 calls).
// Field names follow the spec: camelCase, except `SendToOnlyAcceptedRsvp`, which the spec spells with a
// capital S in the body of POST /deliveryjobs; the job reads keep that spelling so one name travels
// from the console to the database and back.

const Timestamp = Type.String({ format: 'date-time' });

const pagingProperties = commonPaging('Text to look for (case-insensitive, anywhere).');

// ---------------------------------------------------------------------------------------------
// Publication types

/** A template a publication of the type can be delivered with. */
export const PublicationTemplate = Type.Object({ id: Uuid, name: Type.String() });
export type PublicationTemplate = Static<typeof PublicationTemplate>;

// ---------------------------------------------------------------------------------------------
// Block content: field definitions of a repeatable group and the values a block holds for them

/** The kinds of field a repeatable group can define (each has its own value shape, see BlockFieldValue). */
export const fieldKinds = ['shortText', 'richText', 'image', 'link', 'dateTime'] as const;
export type FieldKind = (typeof fieldKinds)[number];

/** How a short text shows in the rendered mail: as the block's heading, a caption or a plain line. */
export const shortTextDisplays = ['heading', 'caption', 'plain'] as const;
export type ShortTextDisplay = (typeof shortTextDisplays)[number];

/** One field of a repeatable group: the editor builds its form from these, the server validates with them. */
export const FieldDefinition = Type.Object({
  name: Type.String({ description: 'Key of the value in the block content, e.g. `title`.' }),
  label: Type.String({ description: 'Dutch label for the editor, e.g. Titel.' }),
  kind: StringEnum(fieldKinds, {
    description:
      'shortText: a line of text; richText: sanitised HTML (p, h2, h3, strong, em, ul, ol, li, a, br); ' +
      'image: {fileId, alt?}, an image of the media library; link: {url, text?} with an http(s) or mailto URL; ' +
      'dateTime: local date and time `YYYY-MM-DDTHH:mm`.',
  }),
  required: Type.Boolean(),
  maxLength: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'Most characters of a shortText, of a richText (its stored HTML) or of a link text.',
    }),
  ),
  display: Type.Optional(StringEnum(shortTextDisplays, { description: 'shortText only; default plain.' })),
});
export type FieldDefinition = Static<typeof FieldDefinition>;

/** Value of an image field: a raster image of the environment's media library, with alt text. */
export const ImageValue = Type.Object({
  fileId: Uuid,
  alt: Type.Optional(
    Type.String({ description: 'Alt text: what the image shows; required unless `decorative`.' }),
  ),
  decorative: Type.Optional(
    Type.Boolean({
      description: 'True for an image that adds nothing to the text: it gets an empty alt text.',
    }),
  ),
});
export type ImageValue = Static<typeof ImageValue>;

/** Value of a link field: shown as a button; the text defaults to 'Lees meer'. */
export const LinkValue = Type.Object({
  url: Type.String({ description: 'http://, https:// or mailto: only.' }),
  text: Type.Optional(Type.String()),
});
export type LinkValue = Static<typeof LinkValue>;

/** shortText, richText and dateTime values are strings; image and link values are objects. */
export const BlockFieldValue = Type.Union([Type.String(), ImageValue, LinkValue]);
export type BlockFieldValue = Static<typeof BlockFieldValue>;

/** A block's content: its fields' values by field name; empty optional fields are left out. */
export const BlockContent = Type.Record(Type.String(), BlockFieldValue);
export type BlockContent = Static<typeof BlockContent>;

/** A repeatable group of a type; a block of a publication is an instance of one. */
export const RepeatableGroup = Type.Object({
  type: Type.String({ description: 'The key used as {blockType} when adding a block, e.g. `artikel`.' }),
  name: Type.String({ description: 'Dutch display name, e.g. Artikel.' }),
  fields: Type.Array(FieldDefinition, { description: 'The fields of a block of this group, in order.' }),
});
export type RepeatableGroup = Static<typeof RepeatableGroup>;

export const PublicationType = Type.Object({
  id: Uuid,
  name: Type.String(),
  templates: Type.Array(PublicationTemplate),
  repeatableGroups: Type.Array(RepeatableGroup),
});
export type PublicationType = Static<typeof PublicationType>;

// 'id' because react-admin's reference inputs sort on it by default.
export const publicationTypeSortFields = ['name', 'id'] as const;

/** GET /publicationtypes/: a plain array (as the spec shows it) with the total in X-Total-Count. */
export const PublicationTypesQuery = Type.Object({
  ...pagingProperties,
  sort: Type.Optional(StringEnum(publicationTypeSortFields)),
});
export type PublicationTypesQuery = Static<typeof PublicationTypesQuery>;

export const PublicationTypeParams = Type.Object({ id: Uuid });
export type PublicationTypeParams = Static<typeof PublicationTypeParams>;

// ---------------------------------------------------------------------------------------------
// Publications

export const Publication = Type.Object({
  id: Uuid,
  name: Type.String({ description: 'The internal name; the subject as long as `subject` is not set.' }),
  subject: Nullable(
    Type.String({
      description:
        "The message's subject, merge fields allowed (`{{firstName|lezer}}`); null while not set, and the name is sent instead.",
    }),
  ),
  preheader: Nullable(
    Type.String({
      description:
        'The preview text mail programs show after the subject; hidden at the top of the message body. Null when not set.',
    }),
  ),
  isNotMarketing: Type.Boolean(),
  isPublic: Type.Boolean(),
  senderName: Nullable(
    Type.String({
      description: "The sender name of this publication's messages instead of the environment's (extension).",
    }),
  ),
  publicationTypeId: Uuid,
  publicationTypeName: Type.String({ description: 'The name of the publication type (read only).' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Publication = Static<typeof Publication>;

export const publicationSortFields = [
  'name',
  'publicationTypeName',
  'isNotMarketing',
  'isPublic',
  'createdAt',
] as const;
export type PublicationSortField = (typeof publicationSortFields)[number];

export const PublicationsQuery = Type.Object({
  ...pagingProperties,
  sort: Type.Optional(StringEnum(publicationSortFields)),
});
export type PublicationsQuery = Static<typeof PublicationsQuery>;

export const PublicationPage = Type.Object({
  data: Type.Array(Publication),
  total: Type.Integer({ minimum: 0 }),
});
export type PublicationPage = Static<typeof PublicationPage>;

export const PublicationParams = Type.Object({ id: Uuid });
export type PublicationParams = Static<typeof PublicationParams>;

/** Body of POST /publications/: both required; the type must be one of the environment's. */
export const CreatePublicationBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  publicationTypeId: Uuid,
});
export type CreatePublicationBody = Static<typeof CreatePublicationBody>;

/** POST /publications/ answers the new publication's id as a bare JSON string. */
export const PublicationId = Type.String({ format: 'uuid', description: 'The id of the new publication.' });
export type PublicationId = Static<typeof PublicationId>;

/**
 * Body of PUT /publications/{id}; the type of a publication never changes. `subject` and `preheader`
 * (extensions) stay as they are when left out; null or empty clears them.
 */
export const UpdatePublicationBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  isNotMarketing: Type.Boolean(),
  isPublic: Type.Boolean(),
  /** Extension: empty or null uses the environment's sender name; absent leaves it as it is. */
  senderName: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  subject: Type.Optional(Nullable(Text({ maxLength: maxSubjectLength }))),
  preheader: Type.Optional(Nullable(Text({ maxLength: maxPreheaderLength }))),
});
export type UpdatePublicationBody = Static<typeof UpdatePublicationBody>;

// ---------------------------------------------------------------------------------------------
// Blocks

export const PublicationBlock = Type.Object({
  id: Uuid,
  publicationId: Uuid,
  blockType: Type.String({ description: 'The repeatable group the block is an instance of.' }),
  name: Type.String({ description: "The repeatable group's display name." }),
  position: Type.Integer({ minimum: 0, description: '0-based place in the publication.' }),
  content: BlockContent,
  version: Type.Integer({
    minimum: 1,
    description: 'Raised by every content save; send it back with PUT …/blocks/{blockId}.',
  }),
  updatedAt: Timestamp,
});
export type PublicationBlock = Static<typeof PublicationBlock>;

export const PublicationBlockPage = Type.Object({
  data: Type.Array(PublicationBlock),
  total: Type.Integer({ minimum: 0 }),
});
export type PublicationBlockPage = Static<typeof PublicationBlockPage>;

export const AddBlockParams = Type.Object({
  publicationId: Uuid,
  publicationTypeId: Uuid,
  blockType: Text({ minLength: 1, maxLength: 100 }),
});
export type AddBlockParams = Static<typeof AddBlockParams>;

export const BlockParams = Type.Object({ id: Uuid, blockId: Uuid });
export type BlockParams = Static<typeof BlockParams>;

/**
 * Body of PUT /publications/{id}/blocks/{blockId}: the whole content and the version it was edited from.
 * The values are checked against the group's field definitions (400 naming `content.{field}`); a version
 * that is no longer the block's answers 409.
 */
export const UpdateBlockBody = Type.Object({
  content: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
    maxProperties: 50,
    description: 'Values by field name (see FieldDefinition.kind for their shapes).',
  }),
  version: Type.Integer({ minimum: 1, description: 'The version the client edited.' }),
});
export type UpdateBlockBody = Static<typeof UpdateBlockBody>;

/** Body of PUT /publications/{id}/blocks/order: every block id of the publication, in the new order. */
export const ReorderBlocksBody = Type.Object({
  blockIds: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }),
});
export type ReorderBlocksBody = Static<typeof ReorderBlocksBody>;

// ---------------------------------------------------------------------------------------------
// Content variants (A/B tests of content, abTests/)

/**
 * A content variant of a publication: 'B', 'C' or 'D' ('A' is the publication's own blocks). Its blocks
 * are a copy of the publication's, edited on their own with PUT /publications/{id}/blocks/{blockId}.
 */
export const PublicationVariant = Type.Object({
  id: Uuid,
  label: Type.String({ description: "'B', 'C' or 'D'." }),
  blocks: Type.Array(PublicationBlock),
});
export type PublicationVariant = Static<typeof PublicationVariant>;

export const PublicationVariantParams = Type.Object({ id: Uuid, variantId: Uuid });
export type PublicationVariantParams = Static<typeof PublicationVariantParams>;

// ---------------------------------------------------------------------------------------------
// Rendering

export const RenderQuery = Type.Object({
  templateId: Type.String({ format: 'uuid', description: "A template of the publication's type." }),
  recipient: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 320,
      pattern: '^\\s*[^@\\s]+@[^@\\s]+\\s*$',
      description:
        "Extension: an address of the environment's subscribers; the merge fields show that recipient's values " +
        "('Bekijken als'). 400 naming recipient when no list of the environment holds it.",
    }),
  ),
  variant: Type.Optional(
    Type.String({
      pattern: '^[A-D]$',
      description:
        "Extension: the content variant shown ('A', the default, is the publication's own blocks). 400 naming " +
        'variant for a variant the publication does not have.',
    }),
  ),
});
export type RenderQuery = Static<typeof RenderQuery>;

/**
 * A publication rendered through a template: email-safe HTML (inlined styles, no script) and its plain-text
 * version. Merge fields show their fallback; the unsubscribe link is an example of a recipient's personal one.
 */
export const RenderedPublication = Type.Object({
  html: Type.String(),
  text: Type.String(),
  subject: Type.String({
    description: 'The subject as sent (the name while none is set), merge fields at their fallback.',
  }),
  preheader: Nullable(
    Type.String({ description: 'The preview text, merge fields at their fallback; null when not set.' }),
  ),
  from: Type.String({ description: 'Who the message comes from (its From header).' }),
});
export type RenderedPublication = Static<typeof RenderedPublication>;

// ---------------------------------------------------------------------------------------------
// Delivery jobs

/**
 * A job's states: 'Gepland' (waiting for its moment), 'Bezig' (sending), then 'Verzonden' (every
 * recipient handled; some may have failed), 'Mislukt' (the job could not go on; see failureReason) or
 * 'Geannuleerd' (cancelled while planned or running).
 */
export const deliveryJobStatuses = ['Gepland', 'Bezig', 'Verzonden', 'Mislukt', 'Geannuleerd'] as const;
export type DeliveryJobStatus = (typeof deliveryJobStatuses)[number];

/** The job's states that can still change: cancelling is possible in these. */
export const activeDeliveryJobStatuses = ['Gepland', 'Bezig'] as const satisfies readonly DeliveryJobStatus[];

/**
 * Extension: which of the publication's invitees a job for participants reaches (the deliver panel's
 * 'Deelnemers - …' options): 'accepted' those who said Ja and have a place (the same as the spec's
 * `SendToOnlyAcceptedRsvp`), 'noAnswer' those who have not answered yet, 'waiting' those on the waiting list.
 */
export const participantGroups = ['accepted', 'noAnswer', 'waiting'] as const;
export type ParticipantGroup = (typeof participantGroups)[number];

/**
 * Body of POST /deliveryjobs (spec §7). `audienceId` may be missing or null only when
 * `SendToOnlyAcceptedRsvp` is true or `participantGroup` is set: the console's 'Deelnemers - …' options send no audience.
 * `scheduledAt` (extension) plans the job for a later moment; without it the job starts at once.
 */
export const CreateDeliveryJobBody = Type.Object({
  publicationId: Uuid,
  title: Text({ minLength: 1, maxLength: 300 }),
  publicationTemplateId: Uuid,
  audienceId: Type.Optional(Nullable(Uuid)),
  ignoreRsvp: Type.Optional(Type.Boolean({ default: false })),
  SendToOnlyAcceptedRsvp: Type.Optional(Type.Boolean({ default: false })),
  participantGroup: Type.Optional(
    Nullable(
      StringEnum(participantGroups, {
        description:
          "Extension: send to these invitees of the publication instead of an audience ('accepted' equals SendToOnlyAcceptedRsvp).",
      }),
    ),
  ),
  scheduledAt: Type.Optional(
    Nullable(Type.String({ format: 'date-time', description: 'Extension: start no earlier than this.' })),
  ),
  abTest: Type.Optional(AbTestSetup),
});
export type CreateDeliveryJobBody = Static<typeof CreateDeliveryJobBody>;

export const DeliveryJob = Type.Object({
  id: Uuid,
  publicationId: Uuid,
  publicationName: Type.String(),
  title: Type.String(),
  publicationTemplateId: Uuid,
  publicationTemplateName: Type.String(),
  audienceId: Nullable(Uuid),
  audienceName: Nullable(Type.String()),
  ignoreRsvp: Type.Boolean(),
  SendToOnlyAcceptedRsvp: Type.Boolean(),
  participantGroup: Nullable(
    StringEnum(participantGroups, {
      description: 'Extension: the invitees the job goes to, or null for an audience.',
    }),
  ),
  recipientCount: Type.Integer({
    minimum: 0,
    description:
      'Estimated at creation, exact once the job has started: the addresses to send to (global unsubscribers and duplicates excluded).',
  }),
  status: StringEnum(deliveryJobStatuses),
  failureReason: Nullable(Type.String({ description: "Why the job is 'Mislukt' (Dutch)." })),
  scheduledAt: Timestamp,
  startedAt: Nullable(Timestamp),
  finishedAt: Nullable(Timestamp),
  sentCount: Type.Integer({ minimum: 0 }),
  failedCount: Type.Integer({ minimum: 0 }),
  skippedCount: Type.Integer({
    minimum: 0,
    description: 'Addresses of the audience not sent to: globally unsubscribed or a duplicate.',
  }),
  createdAt: Timestamp,
  createdBy: Nullable(Type.String({ description: "The creator's name (null when the user is gone)." })),
  approvedBy: Nullable(
    Type.String({ description: "Extension: who approved the send ('Goedkeuring'); null without approval." }),
  ),
  approvedAt: Nullable(Timestamp),
  abTestId: Nullable(
    Type.String({
      format: 'uuid',
      description:
        'Extension: the A/B test the job belongs to (its parent, a variant or the remainder; GET /deliveryjobs/{id}/abtest), or null.',
    }),
  ),
});
export type DeliveryJob = Static<typeof DeliveryJob>;

/** PUT /deliveryjobs/{id}/schedule (extension): a planned job's new moment. */
export const ScheduleDeliveryJobBody = Type.Object({ scheduledAt: Type.String({ format: 'date-time' }) });
export type ScheduleDeliveryJobBody = Static<typeof ScheduleDeliveryJobBody>;

// ---------------------------------------------------------------------------------------------
// Checks before sending

/**
 * GET /publications/{id}/deliver-check (extension): what the deliver form's current choice would do.
 * Every parameter is optional, so the panel can ask while the form is still being filled in.
 */
export const DeliverCheckQuery = Type.Object({
  audienceId: Type.Optional(Uuid),
  templateId: Type.Optional(Uuid),
  onlyAcceptedRsvp: Type.Optional(
    Type.Boolean({ description: "The option 'Deelnemers - RsvP die komen' instead of an audience." }),
  ),
  participantGroup: Type.Optional(
    StringEnum(participantGroups, {
      description: "Extension: one of the 'Deelnemers - …' options instead of an audience.",
    }),
  ),
  contentVariants: Type.Optional(
    Type.Integer({
      minimum: 2,
      maximum: 4,
      description:
        'Extension: the number of variants of an A/B test of content; the checks of the content then run for ' +
        "each of them ('A', 'B', …), a finding saying which variant it is of.",
    }),
  ),
});
export type DeliverCheckQuery = Static<typeof DeliverCheckQuery>;

/** One finding of the checks: a stable code for programs and a Dutch message for people. */
export const DeliverCheckFinding = Type.Object({
  code: Type.String({ description: 'E.g. noBlocks, requiredFieldEmpty, alreadySent, messageTooLarge.' }),
  message: Type.String({ description: 'Dutch, for the console to show as is.' }),
  field: Type.Optional(Type.String({ description: 'The field of POST /deliveryjobs it concerns.' })),
});
export type DeliverCheckFinding = Static<typeof DeliverCheckFinding>;

/** What the deliver check says about 'Goedkeuring' (contract/approval.ts) for its recipient count. */
export const ApprovalNeed = Type.Object({
  required: Type.Boolean({
    description:
      'Whether this send needs approval: POST /deliveryjobs refuses it, POST /approvalrequests asks. With ' +
      'approval on, always for a member below Verzender (they send only through a request).',
  }),
  minRecipients: Nullable(Type.Integer({ minimum: 1, description: 'From how many recipients; null: off.' })),
  approvers: Type.Array(Type.String(), {
    description: 'The names of the members who may approve (the asking member left out).',
  }),
});
export type ApprovalNeed = Static<typeof ApprovalNeed>;

export const DeliverCheck = Type.Object({
  recipients: Type.Integer({
    minimum: 0,
    description:
      'The addresses the job would send to now: global unsubscribers and duplicates left out, as the job resolves them.',
  }),
  blockers: Type.Array(DeliverCheckFinding, { description: 'POST /deliveryjobs refuses while any holds.' }),
  warnings: Type.Array(DeliverCheckFinding, { description: 'Worth a look; sending is still possible.' }),
  approval: ApprovalNeed,
});
export type DeliverCheck = Static<typeof DeliverCheck>;

/** A recipient's state within a job. */
export const deliveryRecipientStatuses = ['Wachtend', 'Verzonden', 'Mislukt', 'Overgeslagen'] as const;
export type DeliveryRecipientStatus = (typeof deliveryRecipientStatuses)[number];

export const DeliveryRecipient = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  status: StringEnum(deliveryRecipientStatuses),
  detail: Nullable(
    Type.String({
      description:
        "Why skipped ('Uitgeschreven', 'Onbestelbaar', 'Dubbel adres') or failed (the SMTP answer; 'Onbestelbaar: …' when the address was refused for good).",
    }),
  ),
  attempts: Type.Integer({ minimum: 0 }),
  finishedAt: Nullable(Timestamp),
});
export type DeliveryRecipient = Static<typeof DeliveryRecipient>;

export const DeliveryRecipientsQuery = Type.Object({
  ...pagingProperties,
  status: Type.Optional(StringEnum(deliveryRecipientStatuses)),
});
export type DeliveryRecipientsQuery = Static<typeof DeliveryRecipientsQuery>;

export const DeliveryRecipientPage = Type.Object({
  data: Type.Array(DeliveryRecipient),
  total: Type.Integer({ minimum: 0 }),
});
export type DeliveryRecipientPage = Static<typeof DeliveryRecipientPage>;

export const deliveryJobSortFields = [
  'createdAt',
  'title',
  'publicationName',
  'audienceName',
  'recipientCount',
  'status',
] as const;
export type DeliveryJobSortField = (typeof deliveryJobSortFields)[number];

export const DeliveryJobsQuery = Type.Object({
  ...pagingProperties,
  sort: Type.Optional(StringEnum(deliveryJobSortFields)),
  publicationId: Type.Optional(Uuid),
});
export type DeliveryJobsQuery = Static<typeof DeliveryJobsQuery>;

export const DeliveryJobPage = Type.Object({
  data: Type.Array(DeliveryJob),
  total: Type.Integer({ minimum: 0 }),
});
export type DeliveryJobPage = Static<typeof DeliveryJobPage>;

export const DeliveryJobParams = Type.Object({ id: Uuid });
export type DeliveryJobParams = Static<typeof DeliveryJobParams>;
