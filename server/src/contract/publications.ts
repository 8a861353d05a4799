import { Type, type Static } from '@sinclair/typebox';
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

/** A repeatable group of a type; a block of a publication is an instance of one. */
export const RepeatableGroup = Type.Object({
  type: Type.String({ description: 'The key used as {blockType} when adding a block, e.g. `artikel`.' }),
  name: Type.String({ description: 'Dutch display name, e.g. Artikel.' }),
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
  name: Type.String(),
  isNotMarketing: Type.Boolean(),
  isPublic: Type.Boolean(),
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

/** Body of PUT /publications/{id}; the type of a publication never changes. */
export const UpdatePublicationBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  isNotMarketing: Type.Boolean(),
  isPublic: Type.Boolean(),
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

/** Body of PUT /publications/{id}/blocks/order: every block id of the publication, in the new order. */
export const ReorderBlocksBody = Type.Object({
  blockIds: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }),
});
export type ReorderBlocksBody = Static<typeof ReorderBlocksBody>;

// ---------------------------------------------------------------------------------------------
// Delivery jobs

export const deliveryJobStatuses = ['Gepland'] as const;
export type DeliveryJobStatus = (typeof deliveryJobStatuses)[number];

/**
 * Body of POST /deliveryjobs (spec §7). `audienceId` may be missing or null only when
 * `SendToOnlyAcceptedRsvp` is true: the console's option 'Deelnemers - RsvP die komen' sends no audience.
 */
export const CreateDeliveryJobBody = Type.Object({
  publicationId: Uuid,
  title: Text({ minLength: 1, maxLength: 300 }),
  publicationTemplateId: Uuid,
  audienceId: Type.Optional(Nullable(Uuid)),
  ignoreRsvp: Type.Optional(Type.Boolean({ default: false })),
  SendToOnlyAcceptedRsvp: Type.Optional(Type.Boolean({ default: false })),
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
  recipientCount: Type.Integer({
    minimum: 0,
    description: 'Resolved at creation; global unsubscribers excluded.',
  }),
  status: StringEnum(deliveryJobStatuses, { description: "'Gepland' until sending exists." }),
  createdAt: Timestamp,
  createdBy: Nullable(Type.String({ description: "The creator's name (null when the user is gone)." })),
});
export type DeliveryJob = Static<typeof DeliveryJob>;

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
