import { eq } from 'drizzle-orm';
import { rsvpInvitees, rsvpMailOutbox } from '../db/schema';
import { recordAnswer } from '../rsvp/answers';
import { saveRsvpSettings } from '../rsvp/events';
import type { RsvpAnswer } from '../rsvp/rsvpAddress';
import { demoUsers, environmentIds, publicationIds, receiverIds, rsvpIds } from './ids';
import { seedSentJob } from './publications';
import type { SeedModule } from './seedModule';

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/**
 * The answers in the order they came in, one per invitee (by invitee id); the invitees after them have
 * not answered. 'J2' is Ja with two guests. The Ja's before the last fill the 40 places exactly, so the
 * last Ja finds the evening full and goes to the waiting list.
 */
const answerPlan =
  'J1 J0 M J1 J0 N J2 J0 J1 M J0 J1 N J0 J1 J0 M J2 J1 J0 N J1 J0 M J1 J0 J0 M J1 J0 N J0 J0 M J0 J1 J1'.split(
    ' ',
  );

const answerOf: Record<string, RsvpAnswer> = { J: 'Ja', M: 'Misschien', N: 'Nee' };

/**
 * The residents' evening about the Stationsgebied as an invitation that is being answered: RSVP on
 * (40 places, a waiting list, up to two guests), three weeks after the seed's clock; sent three days
 * before it to 'Inwoners en ondernemers'; answers recorded by the RSVP area itself (recordAnswer), so the
 * counts, places and waiting list agree. The confirmations those answers queue are marked sent: seeding
 * never mails the demo addresses.
 */
export const rsvpSeed: SeedModule = {
  area: 'rsvp',
  async seed({ db, now }) {
    const environmentId = environmentIds.zuiderveen;
    const publicationId = publicationIds.publications.residentsEvening;
    const day = Math.floor(now.getTime() / dayMs) * dayMs;
    const startsAt = new Date(day + 21 * dayMs + 18 * 60 * minuteMs); // 19:00 in Amsterdam (winter)
    const sentAt = new Date(day - 3 * dayMs + 8 * 60 * minuteMs);
    await saveRsvpSettings(
      db,
      environmentId,
      publicationId,
      {
        enabled: true,
        title: 'Bewonersavond Stationsgebied',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 150 * minuteMs).toISOString(),
        location: 'Wijkcentrum De Spoorlijn, Stationsweg 4, Zuiderveen',
        onlineUrl: null,
        places: 40,
        maxGuests: 2,
        deadline: new Date(startsAt.getTime() - 2 * dayMs).toISOString(),
        allowMaybe: true,
        waitingList: true,
        cancelled: false,
      },
      sentAt,
    );
    await seedSentJob(
      db,
      {
        id: rsvpIds.invitationJob,
        publicationId,
        title: 'Verspreiden van Uitnodiging bewonersavond Stationsgebied',
        publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
        sentAt,
      },
      receiverIds.audiences.everyone,
    );
    const invitees = await db
      .select({ id: rsvpInvitees.id })
      .from(rsvpInvitees)
      .where(eq(rsvpInvitees.publicationId, publicationId))
      .orderBy(rsvpInvitees.id);
    for (const [index, code] of answerPlan.entries()) {
      await recordAnswer(
        db,
        {
          environmentId,
          publicationId,
          inviteeId: invitees[index].id,
          answer: answerOf[code[0]],
          guests: Number(code.slice(1) || 0),
          // One answer was taken by phone and entered by a staff member.
          source: index === 5 ? { by: 'medewerker', userId: demoUsers.anne.id } : { by: 'e-mail' },
        },
        new Date(sentAt.getTime() + 20 * minuteMs + index * 97 * minuteMs),
      );
    }
    await db
      .update(rsvpMailOutbox)
      .set({ sentAt: now })
      .where(eq(rsvpMailOutbox.publicationId, publicationId));
  },
};
