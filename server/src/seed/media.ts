import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { mediaDirectories, tags, themes } from '../db/schema';
import { rootDirectoryName } from '../media/directories';
import { fileTagEntity } from '../media/fileRecords';
import { uploadFile } from '../media/files';
import { createMediaStore } from '../media/mediaServices';
import { environmentIds, mediaIds, themeIds } from './ids';
import {
  sampleLibrary,
  sampleLogo,
  sampleLogoSvg,
  samplePdf,
  samplePhoto,
  sampleRoadWorks,
} from './mediaSamples';
import type { SeedModule } from './seedModule';

const summer = { sky: '#4a90d9', horizon: '#f6d8a8', sun: '#ffd84d', land: '#3f7d3a', water: '#2b6cb0' };
const market = { sky: '#7fb2e5', horizon: '#e8eef5', sun: '#fff3b0', land: '#9c6b3c', water: '#5d8aa8' };
const harbour = { sky: '#f29e4c', horizon: '#f7d9a8', sun: '#ff6b35', land: '#4a4e69', water: '#22577a' };
const kingsDay = { sky: '#ff9f1c', horizon: '#ffd6a5', sun: '#ffffff', land: '#e76f51', water: '#264653' };
const concert = { sky: '#2d1e4f', horizon: '#7b3f8c', sun: '#f4d35e', land: '#1b1b3a', water: '#533a71' };
const dyke = { sky: '#9ec5e8', horizon: '#e0ecf7', sun: '#fdf6c3', land: '#5a8f29', water: '#3a6ea5' };

/**
 * Demo media libraries: folders, generated images (sharp, no downloads), a PDF and tags; the themes of
 * Zuiderveen and Cultuurhuis get their logo from here. Bytes go through the media store like uploads.
 */
export const mediaSeed: SeedModule = {
  area: 'media',
  async seed({ db, config }) {
    const store = createMediaStore(config);
    await store.open();
    const z = mediaIds.zuiderveen;
    const c = mediaIds.cultuurhuis;
    const l = mediaIds.lageLanden;
    await db.insert(mediaDirectories).values([
      {
        id: z.root,
        environmentId: environmentIds.zuiderveen,
        name: rootDirectoryName,
        parentDirectoryId: null,
      },
      {
        id: c.root,
        environmentId: environmentIds.cultuurhuis,
        name: rootDirectoryName,
        parentDirectoryId: null,
      },
      {
        id: l.root,
        environmentId: environmentIds.lageLanden,
        name: rootDirectoryName,
        parentDirectoryId: null,
      },
    ]);
    await db.insert(mediaDirectories).values([
      { id: z.logos, environmentId: environmentIds.zuiderveen, name: "Logo's", parentDirectoryId: z.root },
      { id: z.photos, environmentId: environmentIds.zuiderveen, name: "Foto's", parentDirectoryId: z.root },
      {
        id: z.documents,
        environmentId: environmentIds.zuiderveen,
        name: 'Documenten',
        parentDirectoryId: z.root,
      },
      { id: c.logos, environmentId: environmentIds.cultuurhuis, name: "Logo's", parentDirectoryId: c.root },
      {
        id: l.pumpingStations,
        environmentId: environmentIds.lageLanden,
        name: 'Gemalen',
        parentDirectoryId: l.root,
      },
    ]);
    await db.insert(mediaDirectories).values([
      {
        id: z.events,
        environmentId: environmentIds.zuiderveen,
        name: 'Evenementen',
        parentDirectoryId: z.photos,
      },
    ]);

    const files: Array<{
      id: string;
      environmentId: string;
      directoryId: string;
      name: string;
      bytes: () => Promise<Buffer>;
    }> = [
      {
        id: z.logoFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.logos,
        name: 'logo-zuiderveen.png',
        bytes: () => sampleLogo('#1f5fa8', 'wave'),
      },
      {
        id: z.logoSvgFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.logos,
        name: 'beeldmerk.svg',
        bytes: async () => Buffer.from(sampleLogoSvg('#1f5fa8', 'wave')),
      },
      {
        id: z.summerFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.photos,
        name: 'zomerfeest.jpg',
        bytes: () => samplePhoto(summer, 'jpeg'),
      },
      {
        id: z.marketFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.photos,
        name: 'marktplein.jpg',
        bytes: () => samplePhoto(market, 'jpeg'),
      },
      {
        id: z.harbourFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.photos,
        name: 'haven.webp',
        bytes: () => samplePhoto(harbour, 'webp'),
      },
      {
        id: z.kingsDayFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.events,
        name: 'koningsdag.jpg',
        bytes: () => samplePhoto(kingsDay, 'jpeg'),
      },
      {
        id: z.roadWorksFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.photos,
        name: 'werkzaamheden-dorpsstraat.jpg',
        bytes: () => sampleRoadWorks(),
      },
      {
        id: z.libraryFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.photos,
        name: 'bibliotheek-de-spoorlijn.jpg',
        bytes: () => sampleLibrary(),
      },
      {
        id: z.reportFile,
        environmentId: environmentIds.zuiderveen,
        directoryId: z.documents,
        name: 'jaarverslag-2024.pdf',
        bytes: async () =>
          samplePdf('Jaarverslag 2024', [
            'Gemeente Zuiderveen',
            'Een voorbeelddocument van de mediabibliotheek.',
          ]),
      },
      {
        id: c.logoFile,
        environmentId: environmentIds.cultuurhuis,
        directoryId: c.logos,
        name: 'logo-cultuurhuis.png',
        bytes: () => sampleLogo('#b5305c', 'star'),
      },
      {
        id: c.concertFile,
        environmentId: environmentIds.cultuurhuis,
        directoryId: c.root,
        name: 'concertzaal.jpg',
        bytes: () => samplePhoto(concert, 'jpeg'),
      },
      {
        id: l.dykeFile,
        environmentId: environmentIds.lageLanden,
        directoryId: l.pumpingStations,
        name: 'dijk.jpg',
        bytes: () => samplePhoto(dyke, 'jpeg'),
      },
    ];
    const contents = await Promise.all(files.map((file) => file.bytes()));
    try {
      for (const [index, file] of files.entries()) {
        await uploadFile({ db, store }, file.environmentId, file.directoryId, {
          id: file.id,
          filename: file.name,
          content: Readable.from([contents[index]!]),
          maxBytes: config.uploadLimitBytes,
        });
      }
    } finally {
      store.close();
    }

    const tag = (environmentId: string, entityId: string, name: string) => ({
      environmentId,
      entity: fileTagEntity,
      entityId,
      name,
    });
    await db
      .insert(tags)
      .values([
        tag(environmentIds.zuiderveen, z.summerFile, 'zomer'),
        tag(environmentIds.zuiderveen, z.summerFile, 'evenement'),
        tag(environmentIds.zuiderveen, z.marketFile, 'centrum'),
        tag(environmentIds.zuiderveen, z.kingsDayFile, 'evenement'),
        tag(environmentIds.zuiderveen, z.roadWorksFile, 'verkeer'),
        tag(environmentIds.zuiderveen, z.libraryFile, 'cultuur'),
        tag(environmentIds.zuiderveen, z.reportFile, 'financiën'),
        tag(environmentIds.zuiderveen, z.logoFile, 'huisstijl'),
        tag(environmentIds.cultuurhuis, c.concertFile, 'podium'),
      ]);

    await db.update(themes).set({ fileIdToLogo: z.logoFile }).where(eq(themes.id, themeIds.zuiderveen));
    await db.update(themes).set({ fileIdToLogo: c.logoFile }).where(eq(themes.id, themeIds.cultuurhuis));
  },
};
