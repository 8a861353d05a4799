import { Type, type Static } from '@sinclair/typebox';
import { MultilineText, Nullable, Page, pagingProperties, SortOrder, StringEnum, Text, Uuid } from './common';
import { filterFields, filterOperators } from './receiverFields';
import { Resubscription } from './preferences';

// Contract of the receivers area (spec §3 List, Subscriber, Unsubscriber, Audience; §7 calls).
// Field names follow the spec: camelCase in reads and bodies, except the label body of
// PUT /list/manual/{listId}/attributes, which the spec spells AttributeLabel1..AttributeLabel9.

const Id = Uuid;
const Timestamp = Type.String({ format: 'date-time' });
/** Free text as stored; empty inputs are stored as `null`. */
const OptionalText = Type.Optional(Nullable(Text({ maxLength: 500 })));

export const attributeNumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type AttributeNumber = (typeof attributeNumbers)[number];

// ---------------------------------------------------------------------------------------------
// Paging (shared shape of every list read of this area)

export { SortOrder };

/** Lists, audiences and unsubscribers match anywhere in their text; subscribers match word prefixes. */
const substringPaging = pagingProperties('Text to look for (case-insensitive, anywhere).');
const wordPrefixPaging = pagingProperties('Words to look for (prefix match per word).');

// ---------------------------------------------------------------------------------------------
// Lists

export const listTypes = ['ManualList'] as const;
export type ListType = (typeof listTypes)[number];

const attributeLabelProperties = {
  attributeLabel1: Nullable(Type.String()),
  attributeLabel2: Nullable(Type.String()),
  attributeLabel3: Nullable(Type.String()),
  attributeLabel4: Nullable(Type.String()),
  attributeLabel5: Nullable(Type.String()),
  attributeLabel6: Nullable(Type.String()),
  attributeLabel7: Nullable(Type.String()),
  attributeLabel8: Nullable(Type.String()),
  attributeLabel9: Nullable(Type.String()),
};

/** The nine attribute labels of a list; `null` means the attribute is not used. */
export const ListAttributeLabels = Type.Object(attributeLabelProperties);
export type ListAttributeLabels = Static<typeof ListAttributeLabels>;

export const ReceiverList = Type.Object(
  {
    id: Id,
    title: Type.String(),
    type: StringEnum(listTypes),
    isDeleted: Type.Boolean(),
    isTest: Type.Boolean(),
    /** Visitors may choose it on a sign-up form, and receivers switch it on the preference page. */
    isPublic: Type.Boolean(),
    ...attributeLabelProperties,
    subscriberCount: Type.Integer({ minimum: 0 }),
    createdAt: Timestamp,
  },
  { title: 'ReceiverList' },
);
export type ReceiverList = Static<typeof ReceiverList>;

export const listSortFields = ['title', 'createdAt', 'subscriberCount'] as const;
export type ListSortField = (typeof listSortFields)[number];

export const ListsQuery = Type.Object({
  ...substringPaging,
  sort: Type.Optional(StringEnum(listSortFields)),
  isDeleted: Type.Optional(
    Type.Boolean({ description: 'Only lists with this deleted flag (default: all).' }),
  ),
  isPublic: Type.Optional(
    Type.Boolean({
      description: 'Only lists with this public flag, offered on sign-up forms (default: all).',
    }),
  ),
  type: Type.Optional(StringEnum(listTypes)),
});
export type ListsQuery = Static<typeof ListsQuery>;

export const CreateListQuery = Type.Object({ title: Text({ maxLength: 200 }) });
export type CreateListQuery = Static<typeof CreateListQuery>;

export const UpdateListQuery = Type.Object({
  title: Text({ maxLength: 200 }),
  isTest: Type.Optional(Type.Boolean()),
  isPublic: Type.Optional(
    Type.Boolean({
      description: 'Offered on sign-up forms and the preference page; unchanged when left out.',
    }),
  ),
});
export type UpdateListQuery = Static<typeof UpdateListQuery>;

const labelInput = Type.Optional(Nullable(Text({ maxLength: 100 })));

/** Body of PUT /list/manual/{listId}/attributes (spelled as the spec does); missing or empty clears a label. */
export const ListAttributesBody = Type.Object({
  AttributeLabel1: labelInput,
  AttributeLabel2: labelInput,
  AttributeLabel3: labelInput,
  AttributeLabel4: labelInput,
  AttributeLabel5: labelInput,
  AttributeLabel6: labelInput,
  AttributeLabel7: labelInput,
  AttributeLabel8: labelInput,
  AttributeLabel9: labelInput,
});
export type ListAttributesBody = Static<typeof ListAttributesBody>;

export const ListParams = Type.Object({ listId: Id });
export type ListParams = Static<typeof ListParams>;

// ---------------------------------------------------------------------------------------------
// Subscribers

const subscriberFieldProperties = {
  initials: OptionalText,
  firstName: OptionalText,
  middleName: OptionalText,
  lastName: OptionalText,
  phoneNumber: OptionalText,
  address: OptionalText,
  postalCode: OptionalText,
  city: OptionalText,
  country: OptionalText,
  attribute1: OptionalText,
  attribute2: OptionalText,
  attribute3: OptionalText,
  attribute4: OptionalText,
  attribute5: OptionalText,
  attribute6: OptionalText,
  attribute7: OptionalText,
  attribute8: OptionalText,
  attribute9: OptionalText,
};

/** Body of POST and PUT of a subscriber: every recipient field; name and email are required. */
export const SubscriberInput = Type.Object({
  name: Text({ maxLength: 300 }),
  email: Text({ maxLength: 320 }),
  isOrganization: Type.Optional(Type.Boolean({ description: 'false = Persoon, true = Organisatie.' })),
  ...subscriberFieldProperties,
});
export type SubscriberInput = Static<typeof SubscriberInput>;

const storedText = Nullable(Type.String());

export const Subscriber = Type.Object(
  {
    id: Id,
    listId: Id,
    listName: Type.String(),
    name: Type.String(),
    email: Type.String(),
    initials: storedText,
    firstName: storedText,
    middleName: storedText,
    lastName: storedText,
    phoneNumber: storedText,
    address: storedText,
    postalCode: storedText,
    city: storedText,
    country: storedText,
    isOrganization: Type.Boolean(),
    attribute1: storedText,
    attribute2: storedText,
    attribute3: storedText,
    attribute4: storedText,
    attribute5: storedText,
    attribute6: storedText,
    attribute7: storedText,
    attribute8: storedText,
    attribute9: storedText,
    /** Whether the address is globally unsubscribed (it then receives no delivery). */
    isUnsubscribed: Type.Boolean(),
    resubscriptions: Type.Optional(
      Type.Array(Resubscription, {
        description:
          'Only in the answer of one subscriber: when the address undid a global unsubscribe itself (the ' +
          'preference page or a sign-up form, confirmed from the mail), newest first.',
      }),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Subscriber' },
);
export type Subscriber = Static<typeof Subscriber>;

export const subscriberSortFields = ['name', 'email', 'city', 'createdAt'] as const;
export type SubscriberSortField = (typeof subscriberSortFields)[number];

export const SubscribersQuery = Type.Object({
  ...wordPrefixPaging,
  sort: Type.Optional(StringEnum(subscriberSortFields)),
});
export type SubscribersQuery = Static<typeof SubscribersQuery>;

export const SubscriberPage = Page(Subscriber);
export type SubscriberPage = Static<typeof SubscriberPage>;

export const SubscriberParams = Type.Object({ listId: Id, subscriberId: Id });
export type SubscriberParams = Static<typeof SubscriberParams>;

// ---------------------------------------------------------------------------------------------
// Global unsubscribers

export const Unsubscriber = Type.Object(
  {
    id: Id,
    email: Type.String(),
    createdAt: Timestamp,
    cause: Type.Union([Type.Literal('Afgemeld'), Type.Literal('Klacht'), Type.Literal('Onbestelbaar')], {
      description:
        "Why the address is excluded: 'Afgemeld' (it unsubscribed or staff added it), 'Klacht' (it reported " +
        "a message as spam) or 'Onbestelbaar' (its mail bounces).",
    }),
    causeDetail: Type.Union([Type.String(), Type.Null()], {
      description: "The bounce or complaint behind 'Onbestelbaar' and 'Klacht'.",
    }),
    erased: Type.Boolean({
      description:
        "The entry an erasure left ('Gegevens gewist op verzoek'): its address is a placeholder, only a keyed " +
        'code of the real one remains. Staff cannot remove it; the person ends it by confirming a sign-up.',
    }),
  },
  { title: 'Unsubscriber' },
);
export type Unsubscriber = Static<typeof Unsubscriber>;

/** A global unsubscribe that was undone, kept as a record of who, why and when. */
export const UnsubscriberRemoval = Type.Object(
  {
    id: Id,
    email: Type.String(),
    createdAt: Timestamp,
    removedAt: Timestamp,
    removedBy: Type.String(),
    reason: Type.String(),
  },
  { title: 'UnsubscriberRemoval' },
);
export type UnsubscriberRemoval = Static<typeof UnsubscriberRemoval>;

export const unsubscriberSortFields = ['email', 'createdAt'] as const;
export type UnsubscriberSortField = (typeof unsubscriberSortFields)[number];

export const UnsubscribersQuery = Type.Object({
  ...substringPaging,
  sort: Type.Optional(StringEnum(unsubscriberSortFields)),
});
export type UnsubscribersQuery = Static<typeof UnsubscribersQuery>;

export const unsubscriberRemovalSortFields = ['email', 'removedAt'] as const;
export const UnsubscriberRemovalsQuery = Type.Object({
  ...substringPaging,
  sort: Type.Optional(StringEnum(unsubscriberRemovalSortFields)),
});
export type UnsubscriberRemovalsQuery = Static<typeof UnsubscriberRemovalsQuery>;

export const UnsubscriberPage = Page(Unsubscriber);
export type UnsubscriberPage = Static<typeof UnsubscriberPage>;

export const UnsubscriberRemovalPage = Page(UnsubscriberRemoval);
export type UnsubscriberRemovalPage = Static<typeof UnsubscriberRemovalPage>;

export const CreateUnsubscriberQuery = Type.Object({ email: Text({ maxLength: 320 }) });
export type CreateUnsubscriberQuery = Static<typeof CreateUnsubscriberQuery>;

/** Body of DELETE /unsubscribers/{id}: the reason is required; removedBy defaults to the signed-in user. */
export const RemoveUnsubscriberBody = Type.Object({
  reason: MultilineText({ maxLength: 1000 }),
  removedBy: Type.Optional(Text({ maxLength: 320 })),
});
export type RemoveUnsubscriberBody = Static<typeof RemoveUnsubscriberBody>;

export const UnsubscriberParams = Type.Object({ id: Id });
export type UnsubscriberParams = Static<typeof UnsubscriberParams>;

// ---------------------------------------------------------------------------------------------
// Audiences

// The field and operator names are plain values in their own module, so the console can use them
// at run time without loading TypeBox.
export * from './receiverFields';

export const Audience = Type.Object(
  { id: Id, name: Type.String(), isDeleted: Type.Boolean(), createdAt: Timestamp },
  { title: 'Audience' },
);
export type Audience = Static<typeof Audience>;

export const audienceSortFields = ['name', 'createdAt'] as const;
export const AudiencesQuery = Type.Object({
  ...substringPaging,
  sort: Type.Optional(StringEnum(audienceSortFields)),
  isDeleted: Type.Optional(
    Type.Boolean({ description: 'Only audiences with this deleted flag (default: all).' }),
  ),
});
export type AudiencesQuery = Static<typeof AudiencesQuery>;

export const AudienceFilter = Type.Object(
  {
    id: Id,
    field: StringEnum(filterFields),
    operator: StringEnum(filterOperators),
    value: Type.String(),
  },
  { title: 'AudienceFilter' },
);
export type AudienceFilter = Static<typeof AudienceFilter>;

/** A list inside an audience: `id` is the audience-list id the filter calls use. */
export const AudienceListDetail = Type.Object(
  {
    id: Id,
    listId: Id,
    title: Type.String(),
    isDeleted: Type.Boolean(),
    isTest: Type.Boolean(),
    ...attributeLabelProperties,
    subscriberCount: Type.Integer({ minimum: 0 }),
    filters: Type.Array(AudienceFilter),
  },
  { title: 'AudienceListDetail' },
);
export type AudienceListDetail = Static<typeof AudienceListDetail>;

export const AudienceDetail = Type.Object(
  {
    id: Id,
    name: Type.String(),
    isDeleted: Type.Boolean(),
    createdAt: Timestamp,
    /** Subscribers of the lists passing their list's filters, one per address, without global unsubscribers. */
    recipientCount: Type.Integer({ minimum: 0 }),
    lists: Type.Array(AudienceListDetail),
  },
  { title: 'AudienceDetail' },
);
export type AudienceDetail = Static<typeof AudienceDetail>;

export const AudienceNameQuery = Type.Object({ name: Text({ maxLength: 200 }) });
export type AudienceNameQuery = Static<typeof AudienceNameQuery>;

export const AudienceParams = Type.Object({ id: Id });
export type AudienceParams = Static<typeof AudienceParams>;

export const AddAudienceListQuery = Type.Object({ listId: Id });
export type AddAudienceListQuery = Static<typeof AddAudienceListQuery>;

export const AudienceListParams = Type.Object({ id: Id });
export type AudienceListParams = Static<typeof AudienceListParams>;

export const AudienceFilterParams = Type.Object({ id: Id, filterId: Id });
export type AudienceFilterParams = Static<typeof AudienceFilterParams>;

/** Body of POST /audiencelist/{id}/filter: all three required. */
export const AudienceFilterInput = Type.Object({
  field: StringEnum(filterFields),
  operator: StringEnum(filterOperators),
  value: Text({ maxLength: 500 }),
});
export type AudienceFilterInput = Static<typeof AudienceFilterInput>;

export const CreatedId = Type.Object({ id: Id }, { title: 'CreatedId' });
export type CreatedId = Static<typeof CreatedId>;

export const RecipientCount = Type.Object({ recipientCount: Type.Integer({ minimum: 0 }) });
export type RecipientCount = Static<typeof RecipientCount>;
