import { eq } from 'drizzle-orm';
import { rollUp } from '../analytics/rollup';
import { writeBatch, type TrackedEvent } from '../analytics/eventWriter';
import { setPublicationMeasuring } from '../analytics/measuringMode';
import { deliveryJobs, trackedJobs, trackedLinks } from '../db/schema';
import { demoUsers, environmentIds, publicationIds } from './ids';
import { seededRandom } from './receiverSamples';
import type { SeedModule } from './seedModule';

const hourMs = 60 * 60 * 1000;

/** The February newsletter's trackable links in the order of its 'Uitgebreid' e-mail, with how popular each is. */
const links = [
  { url: 'https://www.zuiderveen.nl/dorpsstraat', weight: 5 },
  { url: 'https://www.zuiderveen.nl/bibliotheek', weight: 3 },
  { url: 'https://www.zuiderveen.nl/fotos/buurtfeest-oost', weight: 2 },
];

/**
 * Figures for the February newsletter, measured 'Alleen totalen' (anonymous message keys, no recipient):
 * opens and clicks spread over the days after its send (most in the first hours), a few repeated and a
 * few by machines, written by the analytics area's own batch writer and rolled up into the hourly counts,
 * so its analytics page shows tiles, a chart and a links table.
 */
export const analyticsSeed: SeedModule = {
  area: 'analytics',
  async seed({ db, now }) {
    const environmentId = environmentIds.zuiderveen;
    const publicationId = publicationIds.publications.februaryNewsletter;
    const jobId = publicationIds.deliveryJob;
    await setPublicationMeasuring(
      db,
      environmentId,
      publicationId,
      { mode: 'Alleen totalen', legalBasis: null },
      { userId: demoUsers.anne.id, name: demoUsers.anne.name },
    );
    await db.insert(trackedJobs).values({ jobId, environmentId, publicationId, mode: 'Alleen totalen' });
    await db.insert(trackedLinks).values(links.map(({ url }, position) => ({ jobId, position, url })));
    const [job] = await db
      .select({ sent: deliveryJobs.sentCount, startedAt: deliveryJobs.startedAt })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, jobId));
    const sentAt = job.startedAt ?? now;
    const random = seededRandom(2025_02_17);
    // Hours after the send: most mail is read the same morning, a tail over the following days.
    const later = (base: number) => new Date(base + Math.floor(random() ** 3 * 96 * hourMs) + 5 * 60 * 1000);
    const events: TrackedEvent[] = [];
    const event = (messageKey: string, kind: 'open' | 'click', position: number, at: Date, machine = false) =>
      events.push({
        environmentId,
        jobId,
        kind,
        position,
        messageKey,
        recipientId: null,
        machine,
        occurredAt: at,
      });
    const totalWeight = links.reduce((sum, link) => sum + link.weight, 0);
    for (let message = 0; message < job.sent; message++) {
      const messageKey = `a:demo-${message}`;
      if (random() < 0.04) event(messageKey, 'open', -1, new Date(sentAt.getTime() + 60 * 1000), true);
      if (random() > 0.58) continue;
      const opened = later(sentAt.getTime());
      event(messageKey, 'open', -1, opened);
      if (random() < 0.25) event(messageKey, 'open', -1, later(opened.getTime()));
      if (random() < 0.3) {
        let pick = random() * totalWeight;
        const position = links.findIndex((link) => (pick -= link.weight) < 0);
        event(messageKey, 'click', position, new Date(opened.getTime() + 2 * 60 * 1000));
        if (random() < 0.2) event(messageKey, 'click', position, new Date(opened.getTime() + 30 * 60 * 1000));
      }
    }
    events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    await writeBatch(db, events);
    await rollUp(db, now);
  },
};
