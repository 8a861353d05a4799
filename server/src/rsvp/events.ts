import { and, eq } from 'drizzle-orm';
import type { RsvpSettings, RsvpSettingsRecord } from '../contract/rsvp';
import type { Database } from '../db/client';
import { flows, publications, rsvpEvents } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { fieldLabel } from '../contract/fieldLabels';
import { promoteWaiting, queueEventChange } from './answers';

const hourMs = 60 * 60 * 1000;

/**
 * A publication's invitation settings; a publication without any answers defaults (not an invitation,
 * titled after the publication, a week from `now`). 404 for another environment's publication.
 */
export async function readRsvpSettings(
  db: Database,
  environmentId: string,
  publicationId: string,
  now: Date,
): Promise<RsvpSettingsRecord> {
  const [row] = await db
    .select({ name: publications.name, event: rsvpEvents })
    .from(publications)
    .leftJoin(rsvpEvents, eq(rsvpEvents.publicationId, publications.id))
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  if (!row) throw notFound('De publicatie');
  if (!row.event) {
    const startsAt = new Date(Math.ceil((now.getTime() + 7 * 24 * hourMs) / hourMs) * hourMs);
    return {
      id: publicationId,
      exists: false,
      enabled: false,
      title: row.name,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * hourMs).toISOString(),
      location: null,
      onlineUrl: null,
      places: 0,
      maxGuests: 0,
      deadline: null,
      allowMaybe: true,
      waitingList: true,
      formId: null,
      reminderDays: null,
      eventReminderDays: null,
      cancelled: false,
      sequence: 0,
    };
  }
  return toRecord(row.event);
}

function toRecord(event: typeof rsvpEvents.$inferSelect): RsvpSettingsRecord {
  return {
    id: event.publicationId,
    exists: true,
    enabled: event.enabled,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    location: event.location,
    onlineUrl: event.onlineUrl,
    places: event.places,
    maxGuests: event.maxGuests,
    deadline: event.deadline?.toISOString() ?? null,
    allowMaybe: event.allowMaybe,
    waitingList: event.waitingList,
    formId: event.formId,
    reminderDays: event.reminderDays,
    eventReminderDays: event.eventReminderDays,
    cancelled: event.cancelledAt !== null,
    sequence: event.sequence,
  };
}

function moment(value: string, field: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw badRequest(field, `${fieldLabel(field)} is geen geldig moment.`);
  return parsed;
}

/**
 * Stores the settings in one transaction under the event's row lock (answers wait meanwhile). A change of
 * title, time or place raises the calendar SEQUENCE and queues an update to Ja and Misschien; cancelling
 * raises it and queues a cancellation (METHOD:CANCEL). More places promote the waiting list.
 */
export async function saveRsvpSettings(
  db: Database,
  environmentId: string,
  publicationId: string,
  body: RsvpSettings,
  now: Date,
): Promise<RsvpSettingsRecord> {
  return db.transaction(async (tx) => {
    // Another environment's publication is not found, whatever the body says.
    const [publication] = await tx
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)))
      .for('share');
    if (!publication) throw notFound('De publicatie');
    const startsAt = moment(body.startsAt, 'startsAt');
    const endsAt = moment(body.endsAt, 'endsAt');
    const deadline = body.deadline === null ? null : moment(body.deadline, 'deadline');
    if (endsAt <= startsAt) throw badRequest('endsAt', `${fieldLabel('endsAt')} moet na het begin liggen.`);
    if (deadline && deadline > startsAt) {
      throw badRequest('deadline', `${fieldLabel('deadline')} mag niet na het begin liggen.`);
    }
    const formId = body.formId ?? null;
    if (formId !== null) {
      const [form] = await tx
        .select({ id: flows.id })
        .from(flows)
        .where(and(eq(flows.id, formId), eq(flows.environmentId, environmentId)));
      if (!form) throw badRequest('formId', `${fieldLabel('formId')}: dit formulier bestaat niet.`);
    }
    const [existing] = await tx
      .select()
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, publicationId))
      .for('update');
    const values = {
      enabled: body.enabled,
      title: body.title.trim(),
      startsAt,
      endsAt,
      location: body.location?.trim() || null,
      onlineUrl: body.onlineUrl?.trim() || null,
      places: body.places,
      maxGuests: body.maxGuests,
      deadline,
      allowMaybe: body.allowMaybe,
      waitingList: body.waitingList,
      formId,
      reminderDays: body.reminderDays ?? null,
      eventReminderDays: body.eventReminderDays ?? null,
      updatedAt: now,
    };
    if (!existing) {
      const [created] = await tx
        .insert(rsvpEvents)
        .values({ publicationId, environmentId, ...values, cancelledAt: body.cancelled ? now : null })
        .returning();
      return toRecord(created);
    }
    const cancelling = body.cancelled && existing.cancelledAt === null;
    const changed =
      !body.cancelled &&
      (existing.title !== values.title ||
        existing.startsAt.getTime() !== startsAt.getTime() ||
        existing.endsAt.getTime() !== endsAt.getTime() ||
        existing.location !== values.location ||
        existing.onlineUrl !== values.onlineUrl);
    const sequence = existing.sequence + (cancelling || changed ? 1 : 0);
    const [saved] = await tx
      .update(rsvpEvents)
      .set({
        ...values,
        sequence,
        cancelledAt: body.cancelled ? (existing.cancelledAt ?? now) : null,
      })
      .where(eq(rsvpEvents.publicationId, publicationId))
      .returning();
    if (existing.enabled && (cancelling || changed)) {
      await queueEventChange(tx, saved, cancelling ? 'afgelast' : 'wijziging');
    }
    if (saved.enabled && !body.cancelled && saved.waitingList) await promoteWaiting(tx, saved, now);
    return toRecord(saved);
  });
}
