import type { Database } from '../db/client';
import {
  audienceListFilters,
  audienceLists,
  audiences,
  listImportRefusals,
  listImports,
  lists,
  subscribers,
  unsubscribers,
} from '../db/schema';
import { demoUsers, environmentIds, receiverIds } from './ids';
import {
  sampleBusinesses,
  samplePeople,
  seededRandom,
  seededUuid,
  type SampleRecipient,
} from './receiverSamples';
import { recountSubscribers } from '../receivers/subscriberWrites';
import type { SeedModule } from './seedModule';

const districts = ['Centrum', 'Noord', 'Oost', 'Zuid', 'West', 'Buitengebied'] as const;
const interests = ['Afval en milieu', 'Verkeer', 'Cultuur', 'Sport', 'Zorg en welzijn', 'Wonen'] as const;
const subscriptions = ['Geen', 'Basis', 'Plus', 'Vriend voor het leven'] as const;

/** A moment `days` before the seed date, so lists and subscribers show realistic "added" dates. */
const daysAgo = (days: number) => new Date(Date.UTC(2025, 0, 15) - days * 86_400_000);

type SubscriberValues = typeof subscribers.$inferInsert;

/** Inserts subscribers in batches (PostgreSQL allows at most 65,535 parameters per statement). */
async function insertSubscribers(db: Database, rows: SubscriberValues[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(subscribers).values(rows.slice(start, start + 500));
  }
}

/** Subscriber rows of `listId`: seeded ids, added on spread-out days, plus per-person attributes. */
function subscriberRows(
  listId: string,
  people: SampleRecipient[],
  seed: number,
  attributes: (random: () => number) => Partial<SubscriberValues> = () => ({}),
): SubscriberValues[] {
  const random = seededRandom(seed);
  return people.map((person) => {
    const createdAt = daysAgo(Math.floor(random() * 900));
    return {
      ...person,
      ...attributes(random),
      id: seededUuid(random),
      listId,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/**
 * The receivers of the demo: in Gemeente Zuiderveen a residents' newsletter (240 people, labels Wijk,
 * Interesse and Lid sinds), the local entrepreneurs (organisations, some addresses also in the residents'
 * list in other case), the editors' test list, a deleted list, three audiences (one filtered on Wijk) and
 * a few global unsubscribers (one of them a resident, one undone); in Stichting Cultuurhuis Noord its
 * friends with a subscription label and an audience filtered on it.
 */
export const receiversSeed: SeedModule = {
  area: 'receivers',
  async seed({ db }) {
    const zuiderveen = environmentIds.zuiderveen;
    const cultuurhuis = environmentIds.cultuurhuis;
    await db.insert(lists).values([
      {
        id: receiverIds.lists.residents,
        environmentId: zuiderveen,
        title: 'Nieuwsbrief bewoners',
        attributeLabel1: 'Wijk',
        attributeLabel2: 'Interesse',
        attributeLabel3: 'Lid sinds',
        createdAt: daysAgo(920),
      },
      {
        id: receiverIds.lists.entrepreneurs,
        environmentId: zuiderveen,
        title: 'Ondernemers Zuiderveen',
        createdAt: daysAgo(700),
      },
      {
        id: receiverIds.lists.editorsTest,
        environmentId: zuiderveen,
        title: 'Testlijst redactie',
        isTest: true,
        createdAt: daysAgo(600),
      },
      {
        id: receiverIds.lists.oldNewsletter,
        environmentId: zuiderveen,
        title: 'Nieuwsbrief 2019',
        isDeleted: true,
        createdAt: daysAgo(2000),
      },
      {
        id: receiverIds.lists.friends,
        environmentId: cultuurhuis,
        title: 'Vrienden van het Cultuurhuis',
        attributeLabel1: 'Abonnement',
        createdAt: daysAgo(400),
      },
    ]);

    const residents = samplePeople(240, 2025, 'Zuiderveen', '812');
    const businesses = sampleBusinesses('Zuiderveen', 'example.nl');
    // Some entrepreneurs also read the residents' newsletter, with their address typed in upper case.
    const entrepreneursAsResidents = residents
      .slice(0, 6)
      .map((person) => ({ ...person, email: person.email.toUpperCase() }));
    await insertSubscribers(db, [
      ...subscriberRows(receiverIds.lists.residents, residents, 1, (random) => ({
        attribute1: districts[Math.floor(random() * districts.length)],
        attribute2: interests[Math.floor(random() * interests.length)],
        attribute3: String(2016 + Math.floor(random() * 9)),
      })),
      ...subscriberRows(receiverIds.lists.entrepreneurs, [...businesses, ...entrepreneursAsResidents], 2),
      ...subscriberRows(
        receiverIds.lists.editorsTest,
        [
          { ...residents[0], name: demoUsers.anne.name, email: demoUsers.anne.username },
          { ...residents[1], name: demoUsers.bram.name, email: demoUsers.bram.username },
          { ...residents[2], name: 'Redactie Zuiderveen', email: 'redactie@zuiderveen.example.nl' },
        ],
        3,
      ),
      ...subscriberRows(receiverIds.lists.oldNewsletter, samplePeople(12, 2019, 'Zuiderveen', '812'), 4),
      ...subscriberRows(
        receiverIds.lists.friends,
        samplePeople(60, 1958, 'Noorderhaven', '971'),
        5,
        (random) => ({
          attribute1: subscriptions[Math.floor(random() * subscriptions.length)],
        }),
      ),
    ]);

    await recountSubscribers(db);

    await db.insert(audiences).values([
      {
        id: receiverIds.audiences.residentsCentre,
        environmentId: zuiderveen,
        name: 'Bewoners Centrum',
        createdAt: daysAgo(300),
      },
      {
        id: receiverIds.audiences.everyone,
        environmentId: zuiderveen,
        name: 'Inwoners en ondernemers',
        createdAt: daysAgo(250),
      },
      {
        id: receiverIds.audiences.editorsTest,
        environmentId: zuiderveen,
        name: 'Test redactie',
        createdAt: daysAgo(200),
      },
      {
        id: receiverIds.audiences.subscribedFriends,
        environmentId: cultuurhuis,
        name: 'Vrienden met abonnement',
        createdAt: daysAgo(150),
      },
    ]);
    const { audienceLists: ids } = receiverIds;
    await db.insert(audienceLists).values([
      {
        id: ids.residentsCentre,
        audienceId: receiverIds.audiences.residentsCentre,
        listId: receiverIds.lists.residents,
        createdAt: daysAgo(300),
      },
      {
        id: ids.everyoneResidents,
        audienceId: receiverIds.audiences.everyone,
        listId: receiverIds.lists.residents,
        createdAt: daysAgo(250),
      },
      {
        id: ids.everyoneEntrepreneurs,
        audienceId: receiverIds.audiences.everyone,
        listId: receiverIds.lists.entrepreneurs,
        createdAt: daysAgo(249),
      },
      {
        id: ids.editorsTest,
        audienceId: receiverIds.audiences.editorsTest,
        listId: receiverIds.lists.editorsTest,
        createdAt: daysAgo(200),
      },
      {
        id: ids.subscribedFriends,
        audienceId: receiverIds.audiences.subscribedFriends,
        listId: receiverIds.lists.friends,
        createdAt: daysAgo(150),
      },
    ]);
    await db.insert(audienceListFilters).values([
      { audienceListId: ids.residentsCentre, field: 'attribute1', operator: 'IsEqual', value: 'Centrum' },
      { audienceListId: ids.subscribedFriends, field: 'attribute1', operator: 'IsNotEqual', value: 'Geen' },
    ]);

    await db.insert(unsubscribers).values([
      { environmentId: zuiderveen, email: residents[10].email, createdAt: daysAgo(120) },
      { environmentId: zuiderveen, email: residents[11].email.toUpperCase(), createdAt: daysAgo(90) },
      { environmentId: zuiderveen, email: 'geen.post@mailbox.nl', createdAt: daysAgo(60) },
      { environmentId: zuiderveen, email: 'oud.adres@ziggo.example', createdAt: daysAgo(30) },
      {
        environmentId: zuiderveen,
        email: residents[12].email,
        createdAt: daysAgo(200),
        removedAt: daysAgo(100),
        removedBy: demoUsers.anne.username,
        removedByUserId: demoUsers.anne.id,
        removalReason: 'Bewoner belde en wil de nieuwsbrief toch weer ontvangen.',
      },
      { environmentId: cultuurhuis, email: 'stilte@post.example.nl', createdAt: daysAgo(45) },
    ]);

    await seedImportHistory(db);
  },
};

/**
 * A finished import of the residents' list, so its import history shows what an import leaves behind:
 * the counts and two refused rows (downloadable in the file's own layout, with the reason).
 */
async function seedImportHistory(db: Database): Promise<void> {
  const header = ['E-mailadres', 'Voornaam', 'Tussenvoegsel', 'Achternaam', 'Wijk'];
  const refusals = [
    {
      rowNumber: 38,
      reason: 'ongeldig e-mailadres',
      values: ['p.de.boer@', 'Pieter', 'de', 'Boer', 'Noord'],
    },
    { rowNumber: 112, reason: 'e-mailadres ontbreekt', values: ['', 'Sanne', '', 'Mulder', 'Oost'] },
  ];
  await db.insert(listImports).values({
    id: receiverIds.imports.residents,
    environmentId: environmentIds.zuiderveen,
    listId: receiverIds.lists.residents,
    status: 'Voltooid',
    mode: 'addAndUpdate',
    mapping: { '0': 'email', '1': 'firstName', '2': 'middleName', '3': 'lastName', '4': 'attribute1' },
    header,
    fileName: 'bewoners-inloopavonden-2024.csv',
    fileBytes: 14_876,
    encoding: 'utf-8',
    delimiter: ';',
    bytesRead: 14_876,
    rowsDone: 246,
    added: 212,
    updated: 26,
    skippedDuplicate: 4,
    skippedUnsubscribed: 2,
    skippedMissing: 0,
    optedOut: 0,
    refused: refusals.length,
    // Finished a few hours before the seed ran: the list's import page shows a result of the last day on
    // arrival (src/custom/receivers/import/ListImportPage.tsx), so a first start shows what an import does.
    startedAt: new Date(Date.now() - 3 * 60 * 60 * 1000),
    finishedAt: new Date(Date.now() - 3 * 60 * 60 * 1000 + 9_000),
  });
  await db
    .insert(listImportRefusals)
    .values(refusals.map((refusal) => ({ ...refusal, importId: receiverIds.imports.residents })));
}
