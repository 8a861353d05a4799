import type { BlockContent, FieldDefinition } from '../contract/publications';
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
import { demoUsers, environmentIds, mediaIds, publicationIds, receiverIds } from './ids';
import type { SeedModule } from './seedModule';

interface TypeSeed {
  id: string;
  environmentId: string;
  name: string;
  templates: ReadonlyArray<{ id: string; name: string; layout: string }>;
  groups: ReadonlyArray<{ type: string; name: string; fields: FieldDefinition[] }>;
}

interface PublicationSeed {
  id: string;
  environmentId: string;
  publicationTypeId: string;
  name: string;
  isNotMarketing?: boolean;
  isPublic?: boolean;
  /** Blocks in order: a repeatable group key, or the key with content (stored as the API would store it). */
  blocks: ReadonlyArray<string | { type: string; content: BlockContent }>;
}

// Field definitions of the repeatable groups. Rich text allows 20,000 characters of HTML; a link's
// maxLength is that of its button text.
const field = {
  title: {
    name: 'title',
    label: 'Titel',
    kind: 'shortText',
    required: true,
    maxLength: 120,
    display: 'heading',
  },
  optionalTitle: {
    name: 'title',
    label: 'Titel',
    kind: 'shortText',
    required: false,
    maxLength: 120,
    display: 'heading',
  },
  name: {
    name: 'title',
    label: 'Naam',
    kind: 'shortText',
    required: true,
    maxLength: 120,
    display: 'heading',
  },
  text: { name: 'text', label: 'Tekst', kind: 'richText', required: false, maxLength: 20000 },
  requiredText: { name: 'text', label: 'Tekst', kind: 'richText', required: true, maxLength: 20000 },
  image: { name: 'image', label: 'Afbeelding', kind: 'image', required: false },
  requiredImage: { name: 'image', label: 'Afbeelding', kind: 'image', required: true },
  caption: {
    name: 'caption',
    label: 'Onderschrift',
    kind: 'shortText',
    required: false,
    maxLength: 300,
    display: 'caption',
  },
  link: { name: 'link', label: 'Link', kind: 'link', required: false, maxLength: 60 },
  startsAt: { name: 'startsAt', label: 'Datum en tijd', kind: 'dateTime', required: true },
  location: {
    name: 'location',
    label: 'Locatie',
    kind: 'shortText',
    required: false,
    maxLength: 200,
    display: 'plain',
  },
} as const satisfies Record<string, FieldDefinition>;

const newsletterGroups = [
  { type: 'artikel', name: 'Artikel', fields: [field.title, field.text, field.image, field.link] },
  {
    type: 'agendaitem',
    name: 'Agenda-item',
    fields: [field.title, field.startsAt, field.location, field.text],
  },
  { type: 'uitgelicht', name: 'Uitgelicht', fields: [field.image, field.title, field.text, field.link] },
  {
    type: 'fotoreportage',
    name: 'Fotoreportage',
    fields: [field.title, field.requiredImage, field.caption, field.link],
  },
  { type: 'afbeelding', name: 'Afbeelding', fields: [field.requiredImage, field.caption, field.link] },
  { type: 'tekst', name: 'Tekst', fields: [field.requiredText] },
];

const invitationGroups = [
  {
    type: 'programmaonderdeel',
    name: 'Programmaonderdeel',
    fields: [field.title, field.startsAt, field.text],
  },
  { type: 'spreker', name: 'Spreker', fields: [field.name, field.image, field.text] },
  {
    type: 'locatie',
    name: 'Locatie en bereikbaarheid',
    fields: [field.title, field.location, field.text, field.link],
  },
];

const { types, templates } = publicationIds;

const typeSeeds: readonly TypeSeed[] = [
  {
    id: types.zuiderveenNewsletter,
    environmentId: environmentIds.zuiderveen,
    name: 'Nieuwsbrief',
    templates: [
      { id: templates.zuiderveenStandard, name: 'Standaard', layout: 'standaard' },
      { id: templates.zuiderveenExtended, name: 'Uitgebreid', layout: 'uitgebreid' },
    ],
    groups: newsletterGroups,
  },
  {
    id: types.zuiderveenInvitation,
    environmentId: environmentIds.zuiderveen,
    name: 'Uitnodiging',
    templates: [
      { id: templates.zuiderveenInvitation, name: 'Uitnodiging', layout: 'uitnodiging' },
      { id: templates.zuiderveenReminder, name: 'Herinnering', layout: 'uitnodiging' },
    ],
    groups: invitationGroups,
  },
  {
    id: types.cultuurhuisNewsletter,
    environmentId: environmentIds.cultuurhuis,
    name: 'Nieuwsbrief',
    templates: [
      { id: templates.cultuurhuisStandard, name: 'Standaard', layout: 'standaard' },
      { id: templates.cultuurhuisExtended, name: 'Uitgebreid', layout: 'uitgebreid' },
    ],
    groups: newsletterGroups,
  },
  {
    id: types.cultuurhuisInvitation,
    environmentId: environmentIds.cultuurhuis,
    name: 'Uitnodiging',
    templates: [{ id: templates.cultuurhuisInvitation, name: 'Uitnodiging', layout: 'uitnodiging' }],
    groups: invitationGroups,
  },
  {
    id: types.lageLandenNewsletter,
    environmentId: environmentIds.lageLanden,
    name: 'Nieuwsbrief',
    templates: [{ id: templates.lageLandenStandard, name: 'Standaard', layout: 'standaard' }],
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
    blocks: [
      {
        type: 'uitgelicht',
        content: {
          image: { fileId: mediaIds.zuiderveen.marketFile, alt: 'Het vernieuwde marktplein in de winterzon' },
          title: 'Het marktplein is klaar',
          text:
            '<p>Beste {{firstName|inwoner}}, na acht maanden werk is het marktplein weer helemaal open. ' +
            'Er zijn <strong>veertig nieuwe bomen</strong> geplant en de fietsenstalling is verdubbeld.</p>',
          link: { url: 'https://www.zuiderveen.nl/marktplein', text: 'Bekijk de plannen' },
        },
      },
      {
        type: 'artikel',
        content: {
          title: 'Afvalkalender 2025',
          text:
            '<p>De nieuwe afvalkalender staat online. Let op de gewijzigde dagen:</p>' +
            '<ul><li>GFT: elke dinsdag</li><li>Papier: de eerste vrijdag van de maand</li></ul>',
          link: { url: 'https://www.zuiderveen.nl/afval', text: 'Naar de afvalkalender' },
        },
      },
      {
        type: 'artikel',
        content: {
          title: 'Zomerfeest: vrijwilligers gezocht',
          text: '<p>Help je mee op het zomerfeest? Mail naar <a href="mailto:zomerfeest@zuiderveen.nl">zomerfeest@zuiderveen.nl</a>.</p>',
          image: {
            fileId: mediaIds.zuiderveen.summerFile,
            alt: 'Dansende mensen op het zomerfeest van vorig jaar',
          },
        },
      },
      {
        type: 'agendaitem',
        content: {
          title: 'Inloopavond omgevingsvisie',
          startsAt: '2025-01-28T19:30',
          location: 'Raadhuis Zuiderveen, Raadzaal',
          text: '<p>Denk mee over Zuiderveen in 2040. Aanmelden is niet nodig.</p>',
        },
      },
    ],
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
    blocks: [
      {
        type: 'programmaonderdeel',
        content: {
          title: 'Inloop met koffie',
          startsAt: '2025-03-12T19:00',
          text: '<p>Bekijk de maquette van het nieuwe Stationsgebied.</p>',
        },
      },
      {
        type: 'programmaonderdeel',
        content: {
          title: 'Presentatie en vragen',
          startsAt: '2025-03-12T19:45',
          text: '<p>De wethouder licht de plannen toe; daarna is er ruimte voor al je vragen.</p>',
        },
      },
      {
        type: 'locatie',
        content: {
          title: 'Locatie',
          location: 'Wijkcentrum De Spoorlijn, Stationsweg 4',
          text: '<p>Op loopafstand van het station; fietsenstalling bij de ingang.</p>',
          link: {
            url: 'https://www.openstreetmap.org/search?query=Stationsweg%204%20Zuiderveen',
            text: 'Route',
          },
        },
      },
    ],
  },
  {
    id: publicationIds.publications.seasonOpening,
    environmentId: environmentIds.cultuurhuis,
    publicationTypeId: types.cultuurhuisNewsletter,
    name: 'Seizoensopening 2025',
    isPublic: true,
    blocks: [
      {
        type: 'uitgelicht',
        content: {
          image: { fileId: mediaIds.cultuurhuis.concertFile, alt: 'De grote zaal van het Cultuurhuis' },
          title: 'Het nieuwe seizoen begint',
          text: '<p>Dag {{firstName|cultuurliefhebber}}, we openen het seizoen met drie avonden vol muziek.</p>',
          link: { url: 'https://www.cultuurhuisnoord.nl/agenda', text: 'Bekijk de agenda' },
        },
      },
      'agendaitem',
      'agendaitem',
      'agendaitem',
    ],
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
        publication.blocks.map((block, position) => ({
          publicationId: publication.id,
          blockType: typeof block === 'string' ? block : block.type,
          content: typeof block === 'string' ? {} : block.content,
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
    // Planned well ahead: the demo shows a planned job, and starting a server never mails the demo audience.
    scheduledAt: new Date(Date.now() + 300 * 24 * 60 * 60 * 1000),
    createdBy: demoUsers.anne.id,
  });
}
