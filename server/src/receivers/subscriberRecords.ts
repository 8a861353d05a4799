import { and, eq, sql } from 'drizzle-orm';
import { attributeNumbers, type Subscriber, type SubscriberInput } from '../contract/receivers';
import type { Database } from '../db/client';
import { lists, subscribers, unsubscribers } from '../db/schema/receivers';
import { notFound } from '../errors';
import { optionalText, requiredEmail, requiredText } from '../http/inputText';
import { qualifiedColumn } from './qualifiedColumn';

/** Whether the subscriber's address is globally unsubscribed in its list's environment. */
const isUnsubscribed = sql<boolean>`EXISTS (
  SELECT 1 FROM ${unsubscribers}
  WHERE ${qualifiedColumn(unsubscribers.environmentId)} = ${qualifiedColumn(lists.environmentId)}
    AND ${qualifiedColumn(unsubscribers.removedAt)} IS NULL
    AND lower(${qualifiedColumn(unsubscribers.email)}) = lower(${qualifiedColumn(subscribers.email)})
)`;

/** The columns of a subscriber as the API answers them; the query must join `lists`. */
export const subscriberColumns = {
  id: subscribers.id,
  listId: subscribers.listId,
  name: subscribers.name,
  email: subscribers.email,
  initials: subscribers.initials,
  firstName: subscribers.firstName,
  middleName: subscribers.middleName,
  lastName: subscribers.lastName,
  phoneNumber: subscribers.phoneNumber,
  address: subscribers.address,
  postalCode: subscribers.postalCode,
  city: subscribers.city,
  country: subscribers.country,
  isOrganization: subscribers.isOrganization,
  attribute1: subscribers.attribute1,
  attribute2: subscribers.attribute2,
  attribute3: subscribers.attribute3,
  attribute4: subscribers.attribute4,
  attribute5: subscribers.attribute5,
  attribute6: subscribers.attribute6,
  attribute7: subscribers.attribute7,
  attribute8: subscribers.attribute8,
  attribute9: subscribers.attribute9,
  createdAt: subscribers.createdAt,
  updatedAt: subscribers.updatedAt,
  listName: lists.title,
  isUnsubscribed,
};

/** A row selected with `subscriberColumns`. */
type SubscriberRow = Omit<Subscriber, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** A subscriber as the contract spells it (dates as ISO text), every field written out in one order. */
function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    listId: row.listId,
    listName: row.listName,
    name: row.name,
    email: row.email,
    initials: row.initials,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    isOrganization: row.isOrganization,
    attribute1: row.attribute1,
    attribute2: row.attribute2,
    attribute3: row.attribute3,
    attribute4: row.attribute4,
    attribute5: row.attribute5,
    attribute6: row.attribute6,
    attribute7: row.attribute7,
    attribute8: row.attribute8,
    attribute9: row.attribute9,
    isUnsubscribed: row.isUnsubscribed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The values to store for a subscriber: trimmed, blanks as null; name and a valid email required. */
export function subscriberValues(input: SubscriberInput) {
  const attributes = Object.fromEntries(
    attributeNumbers.map((n) => [`attribute${n}`, optionalText(input[`attribute${n}`])]),
  ) as Record<`attribute${(typeof attributeNumbers)[number]}`, string | null>;
  return {
    name: requiredText(input.name, 'name', 'Naam'),
    email: requiredEmail(input.email, 'email', 'E-mailadres'),
    initials: optionalText(input.initials),
    firstName: optionalText(input.firstName),
    middleName: optionalText(input.middleName),
    lastName: optionalText(input.lastName),
    phoneNumber: optionalText(input.phoneNumber),
    address: optionalText(input.address),
    postalCode: optionalText(input.postalCode),
    city: optionalText(input.city),
    country: optionalText(input.country),
    isOrganization: input.isOrganization ?? false,
    ...attributes,
  };
}

/** The subscriber of this list (in this environment, list not deleted), or a 404. */
export async function findSubscriber(
  db: Database,
  environmentId: string,
  listId: string,
  subscriberId: string,
): Promise<Subscriber> {
  const [row] = await db
    .select(subscriberColumns)
    .from(subscribers)
    .innerJoin(lists, eq(lists.id, subscribers.listId))
    .where(
      and(
        eq(subscribers.id, subscriberId),
        eq(subscribers.listId, listId),
        eq(lists.environmentId, environmentId),
        eq(lists.isDeleted, false),
      ),
    )
    .limit(1);
  if (!row) throw notFound('De ontvanger');
  return toSubscriber(row);
}

/** Message of the 409 when an address is already in the list (the console shows its own text, spec §8). */
export const duplicateEmailMessage = 'E-mailadres is al in gebruik binnen deze lijst.';
