import type { Database } from '../db/client';
import {
  deliveryJobs,
  publicationBlocks,
  publicationRepeatableGroups,
  publicationTemplates,
  publicationTypes,
  publications,
} from '../db/schema';
import { countAudienceRecipients } from '../receivers/audienceRecipients';
import { demoUsers, environmentIds, publicationIds, receiverIds } from './ids';
import type { SeedModule } from './seedModule';

interface TypeSeed {
  id: string;
  environmentId: string;
  name: string;
  templates: ReadonlyArray<{ id: string; name: string }>;
  groups: ReadonlyArray<{ type: string; name: string }>;
}

interface PublicationSeed {
  id: string;
  environmentId: string;
  publicationTypeId: string;
  name: string;
  isNotMarketing?: boolean;
  isPublic?: boolean;
  /** Block types (repeatable group keys) in order. */
  blocks: readonly string[];
}

const newsletterGroups = [
  { type: 'artikel', name: 'Artikel' },
  { type: 'agendaitem', name: 'Agenda-item' },
  { type: 'uitgelicht', name: 'Uitgelicht' },
  { type: 'fotoreportage', name: 'Fotoreportage' },
] as const;

const invitationGroups = [
  { type: 'programmaonderdeel', name: 'Programmaonderdeel' },
  { type: 'spreker', name: 'Spreker' },
  { type: 'locatie', name: 'Locatie en bereikbaarheid' },
] as const;

const { types, templates } = publicationIds;

const typeSeeds: readonly TypeSeed[] = [
  {
    id: types.zuiderveenNewsletter,
    environmentId: environmentIds.zuiderveen,
    name: 'Nieuwsbrief',
    templates: [
      { id: templates.zuiderveenStandard, name: 'Standaard' },
      { id: templates.zuiderveenExtended, name: 'Uitgebreid' },
    ],
    groups: newsletterGroups,
  },
  {
    id: types.zuiderveenInvitation,
    environmentId: environmentIds.zuiderveen,
    name: 'Uitnodiging',
    templates: [
      { id: templates.zuiderveenInvitation, name: 'Uitnodiging' },
      { id: templates.zuiderveenReminder, name: 'Herinnering' },
    ],
    groups: invitationGroups,
  },
  {
    id: types.cultuurhuisNewsletter,
    environmentId: environmentIds.cultuurhuis,
    name: 'Nieuwsbrief',
    templates: [
      { id: templates.cultuurhuisStandard, name: 'Standaard' },
      { id: templates.cultuurhuisExtended, name: 'Uitgebreid' },
    ],
    groups: newsletterGroups,
  },
  {
    id: types.cultuurhuisInvitation,
    environmentId: environmentIds.cultuurhuis,
    name: 'Uitnodiging',
    templates: [{ id: templates.cultuurhuisInvitation, name: 'Uitnodiging' }],
    groups: invitationGroups,
  },
  {
    id: types.lageLandenNewsletter,
    environmentId: environmentIds.lageLanden,
    name: 'Nieuwsbrief',
    templates: [{ id: templates.lageLandenStandard, name: 'Standaard' }],
    groups: newsletterGroups,
  },
];

const publicationSeeds: readonly PublicationSeed[] = [
  {
    id: publicationIds.publications.januaryNewsletter,
    environmentId: environmentIds.zuiderveen,
    publicationTypeId: types.zuiderveenNewsletter,
    name: 'Nieuwsbrief januari 2025',
    isPublic: true,
    blocks: ['uitgelicht', 'artikel', 'artikel', 'agendaitem'],
  },
  {
    id: publicationIds.publications.februaryNewsletter,
    environmentId: environmentIds.zuiderveen,
    publicationTypeId: types.zuiderveenNewsletter,
    name: 'Nieuwsbrief februari 2025',
    blocks: ['artikel', 'fotoreportage', 'agendaitem', 'agendaitem'],
  },
  {
    id: publicationIds.publications.newYearReception,
    environmentId: environmentIds.zuiderveen,
    publicationTypeId: types.zuiderveenInvitation,
    name: 'Uitnodiging nieuwjaarsreceptie',
    isNotMarketing: true,
    blocks: ['programmaonderdeel', 'spreker', 'locatie'],
  },
  {
    id: publicationIds.publications.residentsEvening,
    environmentId: environmentIds.zuiderveen,
    publicationTypeId: types.zuiderveenInvitation,
    name: 'Uitnodiging bewonersavond Stationsgebied',
    isNotMarketing: true,
    isPublic: true,
    blocks: ['programmaonderdeel', 'programmaonderdeel', 'locatie'],
  },
  {
    id: publicationIds.publications.seasonOpening,
    environmentId: environmentIds.cultuurhuis,
    publicationTypeId: types.cultuurhuisNewsletter,
    name: 'Seizoensopening 2025',
    isPublic: true,
    blocks: ['uitgelicht', 'agendaitem', 'agendaitem', 'agendaitem'],
  },
  {
    id: publicationIds.publications.dykeNews,
    environmentId: environmentIds.lageLanden,
    publicationTypeId: types.lageLandenNewsletter,
    name: 'Dijkennieuws voorjaar',
    blocks: ['artikel', 'fotoreportage'],
  },
];

/**
 * Publication types (with templates and repeatable groups) in every environment, a few publications
 * with blocks and one planned delivery job. Runs after the receivers seed: the job goes to Zuiderveen's
 * audience 'Inwoners en ondernemers', its recipient count resolved as the API does.
 */
export const publicationsSeed: SeedModule = {
  area: 'publications',
  async seed({ db }) {
    await db
      .insert(publicationTypes)
      .values(typeSeeds.map(({ id, environmentId, name }) => ({ id, environmentId, name })));
    await db
      .insert(publicationTemplates)
      .values(
        typeSeeds.flatMap((type) =>
          type.templates.map((template, position) => ({ ...template, publicationTypeId: type.id, position })),
        ),
      );
    await db
      .insert(publicationRepeatableGroups)
      .values(
        typeSeeds.flatMap((type) =>
          type.groups.map((group, position) => ({ ...group, publicationTypeId: type.id, position })),
        ),
      );
    await db
      .insert(publications)
      .values(publicationSeeds.map(({ blocks: _blocks, ...publication }) => publication));
    await db.insert(publicationBlocks).values(
      publicationSeeds.flatMap((publication) =>
        publication.blocks.map((blockType, position) => ({
          publicationId: publication.id,
          blockType,
          position,
        })),
      ),
    );
    await seedDeliveryJob(db);
  },
};

async function seedDeliveryJob(db: Database): Promise<void> {
  const environmentId = environmentIds.zuiderveen;
  const audienceId = receiverIds.audiences.everyone;
  await db.insert(deliveryJobs).values({
    id: publicationIds.deliveryJob,
    environmentId,
    publicationId: publicationIds.publications.februaryNewsletter,
    title: 'Verspreiden van Nieuwsbrief februari 2025',
    publicationTemplateId: templates.zuiderveenStandard,
    audienceId,
    recipientCount: await countAudienceRecipients(db, environmentId, audienceId),
    createdBy: demoUsers.anne.id,
  });
}
