import { environmentMembers, environments, themes, users } from '../db/schema';
import { demoUsers, environmentIds, themeIds } from './ids';
import type { SeedModule } from './seedModule';

/** Environments, demo users, memberships and themes; every other area builds on these. */
export const coreSeed: SeedModule = {
  area: 'core',
  async seed({ db }) {
    await db.insert(environments).values([
      { id: environmentIds.zuiderveen, name: 'Gemeente Zuiderveen', isDefault: true },
      { id: environmentIds.cultuurhuis, name: 'Stichting Cultuurhuis Noord' },
      { id: environmentIds.lageLanden, name: 'Waterschap Lage Landen' },
    ]);
    await db.insert(users).values([demoUsers.anne, demoUsers.bram]);
    await db.insert(environmentMembers).values([
      { environmentId: environmentIds.zuiderveen, userId: demoUsers.anne.id },
      { environmentId: environmentIds.cultuurhuis, userId: demoUsers.anne.id },
      { environmentId: environmentIds.lageLanden, userId: demoUsers.anne.id },
      { environmentId: environmentIds.zuiderveen, userId: demoUsers.bram.id },
    ]);
    // Logos (fileIdToLogo) are set by the media seed, which owns the files. Links follow the primary colour.
    await db.insert(themes).values([
      {
        id: themeIds.zuiderveen,
        environmentId: environmentIds.zuiderveen,
        name: 'Zuiderveen',
        primaryColor: '#1f5fa8',
        linkColor: '#1f5fa8',
      },
      {
        id: themeIds.cultuurhuis,
        environmentId: environmentIds.cultuurhuis,
        name: 'Cultuurhuis Noord',
        primaryColor: '#b5305c',
        linkColor: '#b5305c',
        headingSystemFont: 'trebuchet',
      },
    ]);
  },
};
