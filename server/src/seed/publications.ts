import { eq } from 'drizzle-orm';
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
import { recordResults, waitingRecipients } from '../delivery/recipientResults';
import { resolveRecipients } from '../delivery/recipientResolution';
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
      { id: templates.zuiderveenReminder, name: 'Herinnering', layout: 'herinnering' },
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
    blocks: [
      {
        type: 'artikel',
        content: {
          title: 'Werkzaamheden Dorpsstraat: vanaf 3 maart een omleiding',
          text:
            '<p>Hoi {{firstName|inwoner}}, de Dorpsstraat krijgt een nieuw riool en een veiliger fietspad. ' +
            'Van <strong>3 maart tot en met 25 april</strong> is de straat tussen de Kerkbrink en de Molenweg ' +
            'afgesloten voor auto’s.</p>' +
            '<ul><li>Fietsers en voetgangers kunnen er altijd langs.</li>' +
            '<li>De omleiding loopt via de Lindelaan; gele borden wijzen je de weg.</li>' +
            '<li>Bus 14 stopt tijdelijk aan de Lindelaan in plaats van bij de kerk.</li></ul>',
          image: {
            fileId: mediaIds.zuiderveen.roadWorksFile,
            alt: 'Afzetting met pionnen en een rood-wit hek bij de opengebroken Dorpsstraat',
          },
          link: { url: 'https://www.zuiderveen.nl/dorpsstraat', text: 'Bekijk de omleiding' },
        },
      },
      {
        type: 'uitgelicht',
        content: {
          image: {
            fileId: mediaIds.zuiderveen.libraryFile,
            alt: 'Boekenkasten en een leestafel bij het raam in de nieuwe bibliotheek',
          },
          title: 'De nieuwe bibliotheek opent in De Spoorlijn',
          text:
            '<p>Op zaterdag 15 maart gaat de bibliotheek open in wijkcentrum De Spoorlijn. Je vindt er ' +
            'ruim 20.000 boeken, een leesplein voor kinderen en stille werkplekken met wifi.</p>' +
            '<p>Tijdens de opening lezen kinderboekenschrijvers voor en krijg je een jaar gratis lidmaatschap ' +
            'als je je die dag aanmeldt.</p>',
          link: { url: 'https://www.zuiderveen.nl/bibliotheek', text: 'Openingstijden' },
        },
      },
      {
        type: 'fotoreportage',
        content: {
          title: 'Zo was het buurtfeest in Oost',
          image: {
            fileId: mediaIds.zuiderveen.kingsDayFile,
            alt: 'Oranje lucht boven het veld waar het buurtfeest in Oost werd gehouden',
          },
          caption: 'Meer dan driehonderd buren vierden samen de opening van het nieuwe speelveld.',
          link: { url: 'https://www.zuiderveen.nl/fotos/buurtfeest-oost', text: "Alle foto's" },
        },
      },
      {
        type: 'agendaitem',
        content: {
          title: 'Buurtfeest Zuid: kom je ook?',
          startsAt: '2025-03-22T14:00',
          location: 'Speelveld Merelstraat',
          text:
            '<p>Met een springkussen, een rommelmarkt en soep van de buurtkok. Wil je een kraam? ' +
            'Meld je aan bij <a href="mailto:buurtfeest@zuiderveen.nl">buurtfeest@zuiderveen.nl</a>.</p>',
        },
      },
      {
        type: 'agendaitem',
        content: {
          title: 'Spreekuur wethouder Van Leeuwen',
          startsAt: '2025-03-05T16:00',
          location: 'Raadhuis Zuiderveen, ontvangstruimte',
          text: '<p>Heb je een vraag of idee over je buurt? Loop binnen, een afspraak is niet nodig.</p>',
        },
      },
    ],
  },
  {
    id: publicationIds.publications.newYearReception,
    environmentId: environmentIds.zuiderveen,
    publicationTypeId: types.zuiderveenInvitation,
    name: 'Uitnodiging nieuwjaarsreceptie',
    isNotMarketing: true,
    blocks: [
      {
        type: 'programmaonderdeel',
        content: {
          title: 'Ontvangst en welkomstwoord',
          startsAt: '2026-01-09T17:00',
          text: '<p>De burgemeester heet je welkom en blikt terug op het afgelopen jaar.</p>',
        },
      },
      {
        type: 'spreker',
        content: {
          title: 'Burgemeester Karin Smit',
          image: { fileId: mediaIds.zuiderveen.marketFile, alt: 'Het marktplein voor het raadhuis' },
          text: '<p>Karin Smit is sinds 2021 burgemeester van Zuiderveen en woont zelf in de wijk Noord.</p>',
        },
      },
      {
        type: 'locatie',
        content: {
          title: 'Locatie',
          location: 'Raadhuis Zuiderveen, Marktplein 1',
          text: '<p>Parkeren kan gratis op het Marktplein; de fietsenstalling is naast de ingang.</p>',
          link: {
            url: 'https://www.openstreetmap.org/search?query=Marktplein%201%20Zuiderveen',
            text: 'Route',
          },
        },
      },
    ],
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
      {
        type: 'agendaitem',
        content: {
          title: 'Openingsconcert: Noordelijk Kamerorkest',
          startsAt: '2025-09-12T20:15',
          location: 'Grote zaal',
          text: '<p>Mozart en Beethoven, met na afloop een drankje in de foyer.</p>',
        },
      },
      {
        type: 'agendaitem',
        content: {
          title: 'Jazz in de foyer',
          startsAt: '2025-09-13T21:00',
          location: 'Foyer',
          text: '<p>Het Tess Dijkstra Trio speelt standards en eigen werk. Vrij entree.</p>',
        },
      },
      {
        type: 'agendaitem',
        content: {
          title: 'Familievoorstelling: De Walvis',
          startsAt: '2025-09-14T14:30',
          location: 'Kleine zaal',
          text: '<p>Muziektheater voor iedereen vanaf 6 jaar.</p>',
        },
      },
    ],
  },
  {
    id: publicationIds.publications.dykeNews,
    environmentId: environmentIds.lageLanden,
    publicationTypeId: types.lageLandenNewsletter,
    name: 'Dijkennieuws voorjaar',
    blocks: [
      {
        type: 'artikel',
        content: {
          title: 'Dijkversterking Noorderpolder begint in april',
          text:
            '<p>Over vier kilometer maken we de dijk hoger en breder. Het fietspad op de dijk blijft open, ' +
            'behalve in de weken dat we er asfalt leggen.</p>',
          link: { url: 'https://www.lagelanden.nl/noorderpolder', text: 'Planning bekijken' },
        },
      },
      {
        type: 'fotoreportage',
        content: {
          title: 'Gemaal De Hoop in het voorjaar',
          image: {
            fileId: mediaIds.lageLanden.dykeFile,
            alt: 'De dijk bij gemaal De Hoop in de voorjaarszon',
          },
          caption: 'Het gemaal pompt na een natte winter weer op halve kracht.',
        },
      },
    ],
  },
];

/**
 * Publication types (with templates and repeatable groups) in every environment, publications with
 * filled blocks and the two Zuiderveen newsletters' sent jobs. Runs after the receivers seed: the jobs
 * went to Zuiderveen's audience 'Inwoners en ondernemers'.
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
    await seedSentJobs(db);
  },
};

/** The newsletters' sends as the delivery tables record them: resolved, every recipient sent, finished. */
const sentJobs: readonly SentJobSeed[] = [
  {
    id: publicationIds.januaryDeliveryJob,
    publicationId: publicationIds.publications.januaryNewsletter,
    title: 'Verspreiden van Nieuwsbrief januari 2025',
    publicationTemplateId: templates.zuiderveenStandard,
    sentAt: new Date('2025-01-20T08:00:00Z'),
  },
  {
    id: publicationIds.deliveryJob,
    publicationId: publicationIds.publications.februaryNewsletter,
    title: 'Verspreiden van Nieuwsbrief februari 2025',
    publicationTemplateId: templates.zuiderveenExtended,
    sentAt: new Date('2025-02-17T08:00:00Z'),
  },
];

/** A job as the delivery tables record a finished send. */
export interface SentJobSeed {
  id: string;
  publicationId: string;
  title: string;
  publicationTemplateId: string;
  sentAt: Date;
}

/**
 * Sent jobs as history, written by the functions the worker uses: recipients resolved from the audience
 * (unsubscribers and repeated addresses skipped), each waiting recipient's send recorded with a Message-ID,
 * then the job marked 'Verzonden'. Dated in the past, so starting a server never mails the demo audience.
 */
async function seedSentJobs(db: Database): Promise<void> {
  for (const job of sentJobs) await seedSentJob(db, job, receiverIds.audiences.everyone);
}

/** One Zuiderveen job sent to `audienceId` at `sentAt` (resolving also invites, for an invitation). */
export async function seedSentJob(db: Database, job: SentJobSeed, audienceId: string): Promise<void> {
  const environmentId = environmentIds.zuiderveen;
  const { sentAt, ...values } = job;
  await db.insert(deliveryJobs).values({
    ...values,
    environmentId,
    audienceId,
    recipientCount: await countAudienceRecipients(db, environmentId, audienceId),
    scheduledAt: sentAt,
    createdAt: new Date(sentAt.getTime() - 2 * 60 * 60 * 1000),
    createdBy: demoUsers.anne.id,
  });
  await resolveRecipients(db, job.id);
  const waiting = await waitingRecipients(db, job.id, 0, 100_000);
  const finishedAt = new Date(sentAt.getTime() + 4 * 60 * 1000);
  await recordResults(
    db,
    job.id,
    waiting.map((recipient) => ({
      recipientId: recipient.id,
      result: {
        status: 'Verzonden',
        messageId: `<${job.id}.${recipient.id}@localhost>`,
        attempts: 1,
      },
    })),
    finishedAt,
  );
  await db
    .update(deliveryJobs)
    .set({ status: 'Verzonden', startedAt: sentAt, finishedAt, resolvedAt: sentAt })
    .where(eq(deliveryJobs.id, job.id));
}
