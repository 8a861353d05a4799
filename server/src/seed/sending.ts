import { dkimKeys, sendingDomains } from '../db/schema';
import { makeDkimKey } from '../sending/dkimKeys';
import { environmentIds } from './ids';
import type { SeedModule } from './seedModule';

/**
 * Gemeente Zuiderveen sends from zuiderveen.example with a DKIM key of its own, so development mail is signed
 * too. `.example` is reserved (RFC 2606): its DNS check fails, and says the name does not exist. No sender
 * address is set, so the demo keeps sending as MAIL_FROM until someone chooses one.
 */
export const sendingSeed: SeedModule = {
  area: 'sending',
  async seed({ db }) {
    const [domain] = await db
      .insert(sendingDomains)
      .values({ environmentId: environmentIds.zuiderveen, domain: 'zuiderveen.example' })
      .returning({ id: sendingDomains.id });
    await db.insert(dkimKeys).values({ ...(await makeDkimKey(db, new Date())), domainId: domain.id });
  },
};
