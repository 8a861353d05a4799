import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantGroup } from '../../server/src/contract/publications';
import { type Database } from '../../server/src/db/client';
import {
  deliveryJobs,
  deliveryRecipients,
  publications,
  rsvpInvitees,
  unsubscribers,
} from '../../server/src/db/schema';
import { countRecipientsToSend, resolveRecipients } from '../../server/src/delivery/recipientResolution';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { recordAnswer } from '../../server/src/rsvp/answers';
import { saveRsvpSettings } from '../../server/src/rsvp/events';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { testActor } from './support/logActor';

// The deliver panel's 'Deelnemers - …' groups (PGlite, or PostgreSQL with TEST_DATABASE_URL): each
// resolves to exactly its invitees of the publication, a global unsubscriber is counted but skipped,
// another invitation's invitees are never reached.

const env = environmentIds.zuiderveen;
const now = new Date('2026-11-25T10:00:00Z');
const startsAt = new Date('2026-12-10T18:30:00Z');

describe("RSVP participant groups ('Deelnemers - …')", () => {
  let seeded: SeededDatabase;
  let db: Database;
  let publicationCounter = 0;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-rsvp-groups-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  /** An invitation of 2 places whose invitees `prefix`-0 … -6 answered Ja, Ja, Ja (waits), Nee, Misschien, nothing, nothing. */
  async function invitation(prefix: string) {
    const [publication] = await db
      .insert(publications)
      .values({
        environmentId: env,
        publicationTypeId: publicationIds.types.zuiderveenInvitation,
        name: `Uitnodiging groepen ${++publicationCounter}`,
      })
      .returning({ id: publications.id });
    await saveRsvpSettings(
      db,
      env,
      publication.id,
      {
        enabled: true,
        title: 'Raadsavond',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        location: 'Raadhuis, Zuiderveen',
        onlineUrl: null,
        places: 2,
        maxGuests: 0,
        deadline: null,
        allowMaybe: true,
        waitingList: true,
        cancelled: false,
      },
      now,
    );
    const invitees = await db
      .insert(rsvpInvitees)
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          environmentId: env,
          publicationId: publication.id,
          email: `${prefix}-${index}@proef.nl`,
          name: `Gast ${index}`,
        })),
      )
      .returning({ id: rsvpInvitees.id });
    const answers = ['Ja', 'Ja', 'Ja', 'Nee', 'Misschien'] as const;
    for (const [index, answer] of answers.entries()) {
      await recordAnswer(
        db,
        {
          environmentId: env,
          publicationId: publication.id,
          inviteeId: invitees[index].id,
          answer,
          guests: 0,
          source: { by: 'e-mail' },
        },
        now,
      );
    }
    return publication.id;
  }

  async function jobFor(publicationId: string, participantGroup: ParticipantGroup) {
    const [job] = await db
      .insert(deliveryJobs)
      .values({
        environmentId: env,
        publicationId,
        title: `Deelnemers ${participantGroup}`,
        publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
        audienceId: null,
        sendToOnlyAcceptedRsvp: participantGroup === 'accepted',
        participantGroup,
        recipientCount: 0,
      })
      .returning({ id: deliveryJobs.id });
    return job.id;
  }

  async function recipientsOf(jobId: string) {
    const rows = await db
      .select({ email: deliveryRecipients.email, status: deliveryRecipients.status })
      .from(deliveryRecipients)
      .where(eq(deliveryRecipients.jobId, jobId));
    return rows.map((row) => `${row.email} ${row.status}`).sort();
  }

  it('each group resolves to exactly its invitees, counted as the job will send', async () => {
    const publicationId = await invitation('groep');
    await invitation('ander'); // another invitation's invitees stay out of every group
    // A global unsubscriber without an answer: counted in the group, skipped, never sent to.
    await db.insert(unsubscribers).values({ environmentId: env, email: 'GROEP-6@proef.nl' });

    const expected: Record<ParticipantGroup, { count: number; recipients: string[] }> = {
      accepted: { count: 2, recipients: ['groep-0@proef.nl Wachtend', 'groep-1@proef.nl Wachtend'] },
      noAnswer: { count: 1, recipients: ['groep-5@proef.nl Wachtend', 'groep-6@proef.nl Overgeslagen'] },
      waiting: { count: 1, recipients: ['groep-2@proef.nl Wachtend'] },
    };
    for (const [group, { count, recipients }] of Object.entries(expected) as [
      ParticipantGroup,
      { count: number; recipients: string[] },
    ][]) {
      expect(
        await countRecipientsToSend(db, env, { audienceId: null, participantGroup: group, publicationId }),
        group,
      ).toBe(count);
      const jobId = await jobFor(publicationId, group);
      const resolved = await resolveRecipients(db, jobId);
      expect(resolved.recipientCount, group).toBe(count);
      expect(await recipientsOf(jobId), group).toEqual(recipients);
    }
    // A job to participants invites nobody new.
    const invited = await db
      .select({ id: rsvpInvitees.id })
      .from(rsvpInvitees)
      .where(eq(rsvpInvitees.publicationId, publicationId));
    expect(invited).toHaveLength(7);
  });

  it('refuses a participantGroup that contradicts SendToOnlyAcceptedRsvp, naming the field', async () => {
    const publicationId = await invitation('strijdig');
    await expect(
      createDeliveryJob(
        db,
        env,
        testActor,
        {
          publicationId,
          title: 'Herinnering',
          publicationTemplateId: publicationIds.templates.zuiderveenReminder,
          SendToOnlyAcceptedRsvp: true,
          participantGroup: 'noAnswer',
        },
        { catcher: true },
        now,
      ),
    ).rejects.toMatchObject({ status: 400, field: 'participantGroup' });
  });
});
