import { text } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEnvironmentMeasuring } from '../../server/src/analytics/measuringMode';
import { auditLogCsv, auditLogPage } from '../../server/src/auditLog/logEntries';
import { applyLogRetention } from '../../server/src/auditLog/logRetention';
import { saveLogSettings } from '../../server/src/auditLog/logSettings';
import { platformLogPage } from '../../server/src/auditLog/platformLog';
import { recordInLog } from '../../server/src/auditLog/recordInLog';
import type { AuditLogKind } from '../../server/src/contract/auditLogKinds';
import type { Database } from '../../server/src/db/client';
import {
  audiences,
  auditLogEntries,
  deliveryJobs,
  environmentMembers,
  flows,
  journeys,
  lists,
  publications,
  senderSettings,
  subscribers,
} from '../../server/src/db/schema';
import { cancelJob, scheduleJob } from '../../server/src/delivery/jobStates';
import {
  addMember,
  createEnvironment,
  removeMember,
  setMemberRole,
} from '../../server/src/environments/provisioning';
import { createFlow, deleteFlow } from '../../server/src/forms/flows';
import { createJourney, deleteJourney } from '../../server/src/journeys/journeys';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { deletePublication } from '../../server/src/publications/publications';
import { createAudience, deleteAudience } from '../../server/src/receivers/audiences';
import { listCsv } from '../../server/src/receivers/listExport';
import { createList, deleteList } from '../../server/src/receivers/lists';
import { addSubscriber, removeSubscriber } from '../../server/src/receivers/subscribers';
import { updateSender } from '../../server/src/sending/senderSettings';
import { updateTheme } from '../../server/src/themes/themes';
import { demoUsers, environmentIds, publicationIds, receiverIds, themeIds } from '../../server/src/seed/ids';
import { testActor } from './support/logActor';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';

// The Logboek against the database (PGlite, or PostgreSQL with TEST_DATABASE_URL): every recorded kind
// is written with its change and never without it, the table refuses UPDATE and DELETE except by the
// retention job, and reading it filters, exports and stays within its environment.

const env = environmentIds.zuiderveen;
const other = environmentIds.cultuurhuis;
const bram = { userId: demoUsers.bram.id, name: demoUsers.bram.name };

describe('Logboek', () => {
  let seeded: SeededDatabase;
  let db: Database;
  let counter = 0;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-audit-log-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  const entriesOf = (kind: AuditLogKind, resourceId?: string) =>
    db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.kind, kind),
          resourceId === undefined ? undefined : eq(auditLogEntries.resourceId, resourceId),
        ),
      );

  const newList = async () => (await createList(db, env, `Lijst ${++counter}`)).id;
  const newPublication = async () => {
    const [row] = await db
      .insert(publications)
      .values({
        environmentId: env,
        publicationTypeId: publicationIds.types.zuiderveenNewsletter,
        name: `Publicatie ${++counter}`,
      })
      .returning({ id: publications.id });
    return row.id;
  };
  const plannedJob = async () =>
    (
      await createDeliveryJob(
        db,
        env,
        testActor,
        {
          publicationId: publicationIds.publications.januaryNewsletter,
          publicationTemplateId: publicationIds.templates.zuiderveenStandard,
          title: `Verzending ${++counter}`,
          audienceId: receiverIds.audiences.editorsTest,
          scheduledAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        },
        { catcher: false },
      )
    ).id;

  /**
   * Each recorded change: `prepare` makes what it works on, `change` does it through the area module,
   * `happened` tells whether the change is in the database. The resource id the entry names is `target`.
   */
  interface Case {
    kind: AuditLogKind;
    prepare(): Promise<string>;
    change(target: string): Promise<unknown>;
    happened(target: string): Promise<boolean>;
    /** The id the entry names, when it is not the prepared one. */
    entryId?(target: string): string | undefined;
  }

  const cases: Case[] = [
    {
      kind: 'list.deleted',
      prepare: newList,
      change: (id) => deleteList(db, env, id, testActor),
      happened: async (id) => (await db.select().from(lists).where(eq(lists.id, id)))[0].isDeleted,
    },
    {
      kind: 'subscriber.deleted',
      prepare: async () => {
        const list = await newList();
        const subscriber = await addSubscriber(db, env, list, {
          name: 'Geheim',
          email: `geheim${counter}@voorbeeld.nl`,
        });
        return `${list}/${subscriber.id}`;
      },
      change: (target) => removeSubscriber(db, env, target.split('/')[0], target.split('/')[1], testActor),
      happened: async (target) =>
        (
          await db
            .select()
            .from(subscribers)
            .where(eq(subscribers.id, target.split('/')[1]))
        ).length === 0,
      entryId: (target) => target.split('/')[1],
    },
    {
      kind: 'audience.deleted',
      prepare: () => createAudience(db, env, `Doelgroep ${++counter}`),
      change: (id) => deleteAudience(db, env, id, testActor),
      happened: async (id) => (await db.select().from(audiences).where(eq(audiences.id, id)))[0].isDeleted,
    },
    {
      kind: 'publication.deleted',
      prepare: newPublication,
      change: (id) => deletePublication(db, env, id, testActor),
      happened: async (id) =>
        (await db.select().from(publications).where(eq(publications.id, id))).length === 0,
    },
    {
      kind: 'form.deleted',
      prepare: () => createFlow(db, env, { name: `Formulier ${++counter}` }),
      change: (id) => deleteFlow(db, env, id, testActor),
      happened: async (id) => (await db.select().from(flows).where(eq(flows.id, id))).length === 0,
    },
    {
      kind: 'journey.deleted',
      prepare: async () => (await createJourney(db, env, `Traject ${++counter}`)).id,
      change: (id) => deleteJourney(db, env, id, testActor),
      happened: async (id) => (await db.select().from(journeys).where(eq(journeys.id, id))).length === 0,
    },
    {
      kind: 'sender.changed',
      prepare: async () => `Afzender ${++counter}`,
      change: (name) => updateSender(db, env, { senderName: name }, testActor),
      happened: async (name) =>
        (await db.select().from(senderSettings).where(eq(senderSettings.environmentId, env)))[0]
          ?.senderName === name,
      entryId: () => undefined,
    },
    {
      kind: 'settings.changed',
      prepare: async () => `Huisstijl ${++counter}`,
      change: (name) => updateTheme(db, env, themeIds.zuiderveen, { name }, testActor),
      happened: async (name) => (await auditedThemeName()) === name,
      entryId: () => themeIds.zuiderveen,
    },
    {
      kind: 'measuring.changed',
      prepare: async () => `Toestemming ${++counter}`,
      change: (basis) =>
        setEnvironmentMeasuring(db, env, { mode: 'Per persoon', legalBasis: basis }, testActor),
      happened: async (basis) =>
        (
          (await db.execute(
            sql`select 1 from environment_measuring where legal_basis = ${basis}`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0,
      entryId: () => undefined,
    },
    {
      kind: 'logRetention.changed',
      prepare: async () => String([6, 12, 36][counter++ % 3]),
      change: (months) => saveLogSettings(db, env, Number(months), testActor),
      happened: async (months) =>
        (
          (await db.execute(
            sql`select 1 from audit_log_settings where environment_id = ${env} and retention_months = ${Number(months)}`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0,
      entryId: () => undefined,
    },
    {
      kind: 'delivery.planned',
      prepare: async () => `Verzending ${counter + 1}`,
      change: () => plannedJob(),
      happened: async (title) =>
        (await db.select().from(deliveryJobs).where(eq(deliveryJobs.title, title))).length === 1,
      entryId: () => undefined,
    },
    {
      kind: 'delivery.moved',
      prepare: plannedJob,
      change: (id) => scheduleJob(db, env, id, new Date(Date.now() + 9 * 24 * 3600 * 1000), testActor),
      happened: async (id) =>
        (await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, id)))[0].scheduledAt.getTime() >
        Date.now() + 8 * 24 * 3600 * 1000,
    },
    {
      kind: 'delivery.cancelled',
      prepare: plannedJob,
      change: (id) => cancelJob(db, env, id, new Date(), testActor),
      happened: async (id) =>
        (await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, id)))[0].status === 'Geannuleerd',
    },
    {
      kind: 'member.added',
      prepare: async () => `nieuw${++counter}@voorbeeld.nl`,
      change: (email) => addMember(db, env, { email }, testActor),
      happened: async (email) =>
        (
          (await db.execute(
            sql`select 1 from environment_members m join users u on u.id = m.user_id where u.username = ${email}`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0,
      entryId: () => undefined,
    },
    {
      kind: 'member.removed',
      prepare: async () =>
        (await addMember(db, env, { email: `weg${++counter}@voorbeeld.nl` }, testActor)).id,
      change: (userId) => removeMember(db, env, userId, testActor),
      happened: async (userId) =>
        (
          await db
            .select()
            .from(environmentMembers)
            .where(and(eq(environmentMembers.environmentId, env), eq(environmentMembers.userId, userId)))
        ).length === 0,
    },
    {
      kind: 'environment.created',
      prepare: async () => `Omgeving ${++counter}`,
      change: (name) => createEnvironment(db, { name }, testActor),
      happened: async (name) =>
        (
          (await db.execute(sql`select 1 from environments where name = ${name}`)) as unknown as {
            rows: unknown[];
          }
        ).rows.length > 0,
      entryId: () => undefined,
    },
  ];

  async function auditedThemeName() {
    const rows = (await db.execute(
      sql`select name from themes where id = ${themeIds.zuiderveen}`,
    )) as unknown as { rows: Array<{ name: string }> };
    return rows.rows[0].name;
  }

  /** Makes every write to the Logboek fail, as a full disk or a lost connection would, while `work` runs. */
  async function withFailingLog(work: () => Promise<void>) {
    await db.execute(sql`create or replace function audit_log_test_failure() returns trigger language plpgsql as $$
      begin raise exception 'logboek tijdelijk onbeschikbaar'; end $$`);
    await db.execute(sql`create trigger audit_log_test_failure before insert on audit_log_entries
      for each row execute function audit_log_test_failure()`);
    try {
      await work();
    } finally {
      await db.execute(sql`drop trigger audit_log_test_failure on audit_log_entries`);
    }
  }

  for (const recorded of cases) {
    it(`writes one '${recorded.kind}' entry with its change, and none when the change rolls back`, async () => {
      const target = await recorded.prepare();
      const before = (await entriesOf(recorded.kind)).length;
      await recorded.change(target);
      expect(await recorded.happened(target)).toBe(true);
      const entryId = recorded.entryId ? recorded.entryId(target) : target;
      const after = await entriesOf(recorded.kind, entryId);
      expect(after.length - (entryId === undefined ? before : 0)).toBe(1);
      const entry = after.at(-1)!;
      expect(entry.actorUserId).toBe(testActor.userId);
      expect(entry.actorName).toBe('Anne de Vries');

      // The log write fails inside the change's transaction: the change is rolled back with it.
      const second = await recorded.prepare();
      const entriesBefore = (await db.select().from(auditLogEntries)).length;
      await withFailingLog(async () => {
        await expect(recorded.change(second)).rejects.toThrow();
      });
      expect(await recorded.happened(second)).toBe(false);
      expect((await db.select().from(auditLogEntries)).length).toBe(entriesBefore);
    });
  }

  it('records a role change once, and nothing when the same role is saved again', async () => {
    const member = await addMember(db, env, { email: `rol${++counter}@voorbeeld.nl` }, testActor);
    expect((await setMemberRole(db, env, member.id, 'editor', testActor))?.role).toBe('editor');
    expect((await setMemberRole(db, env, member.id, 'editor', testActor))?.role).toBe('editor');
    const entries = await entriesOf('member.roleChanged', member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].detail).toBe('Redacteur');
  });

  it("keeps no address in a subscriber delete's entry, only the subscriber's id and the list's name", async () => {
    const list = await createList(db, env, 'Privacylijst');
    const subscriber = await addSubscriber(db, env, list.id, {
      name: 'Jan Geheim',
      email: 'jan.geheim@voorbeeld.nl',
    });
    await removeSubscriber(db, env, list.id, subscriber.id, testActor);
    const [entry] = await entriesOf('subscriber.deleted', subscriber.id);
    expect(entry.resourceLabel).toBe('Privacylijst');
    expect(JSON.stringify(entry)).not.toMatch(/jan\.geheim|Geheim@|Jan Geheim/i);
  });

  it('records an export with the list and its number of rows', async () => {
    const csv = await listCsv(db, env, receiverIds.lists.residents, testActor);
    csv.content.resume();
    const [entry] = (await entriesOf('list.exported', receiverIds.lists.residents)).slice(-1);
    const [list] = await db.select().from(lists).where(eq(lists.id, receiverIds.lists.residents));
    expect(entry.rowCount).toBe(list.subscriberCount);
    expect(entry.resourceLabel).toBe(list.title);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries by the application', async () => {
    await recordInLog(db, {
      environmentId: env,
      actor: testActor,
      kind: 'list.deleted',
      resource: { type: 'list', label: 'Vast' },
    });
    await expect(
      db.execute(sql`update audit_log_entries set actor_name = 'Iemand anders'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log_entries`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log_entries`)).rejects.toThrow();
    expect(
      (await db.select().from(auditLogEntries).where(eq(auditLogEntries.resourceLabel, 'Vast'))).length,
    ).toBe(1);
  });

  it('removes only entries older than the retention term, with an injected clock', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const environment = await createEnvironment(db, { name: 'Bewaartermijn' }, testActor);
    const at = (iso: string) => new Date(iso);
    const write = (label: string, moment: Date) =>
      recordInLog(db, {
        environmentId: environment.id,
        actor: testActor,
        kind: 'list.deleted',
        resource: { type: 'list', label },
        at: moment,
      });
    await write('oud', at('2028-05-31T12:00:00Z')); // older than two years
    await write('jong', at('2028-06-02T12:00:00Z'));
    const labels = async () =>
      (await db.select().from(auditLogEntries).where(eq(auditLogEntries.environmentId, environment.id))).map(
        (row) => row.resourceLabel,
      );
    await applyLogRetention(db, now);
    expect(await labels()).not.toContain('oud');
    expect(await labels()).toContain('jong');
    // A shorter term set by the environment removes more.
    await saveLogSettings(db, environment.id, 12, testActor);
    await write('recent', at('2029-07-01T12:00:00Z'));
    await applyLogRetention(db, now);
    expect(await labels()).not.toContain('jong');
    expect(await labels()).toContain('recent');
  });

  it('filters by member, kind and period, newest first, within one environment', async () => {
    const environment = await createEnvironment(db, { name: 'Filters' }, testActor);
    const write = (actor: typeof testActor, kind: AuditLogKind, iso: string, label: string) =>
      recordInLog(db, {
        environmentId: environment.id,
        actor,
        kind,
        resource: { type: 'list', label },
        at: new Date(iso),
      });
    await write(testActor, 'list.deleted', '2030-01-10T09:00:00Z', 'A');
    await write(bram, 'list.deleted', '2030-01-11T09:00:00Z', 'B');
    await write(bram, 'list.exported', '2030-01-12T23:30:00Z', 'C'); // 13 January in Amsterdam
    await recordInLog(db, {
      environmentId: other,
      actor: bram,
      kind: 'list.deleted',
      resource: { type: 'list', label: 'Elders' },
    });
    const labels = async (query: Parameters<typeof auditLogPage>[2]) =>
      (await auditLogPage(db, environment.id, query)).data
        .map((entry) => entry.resourceLabel)
        .filter((label) => label !== environment.name);
    expect(await labels({ kind: 'list.deleted' })).toEqual(['B', 'A']);
    expect(await labels({ actorUserId: bram.userId! })).toEqual(['C', 'B']);
    expect(await labels({ from: '2030-01-11', until: '2030-01-12' })).toEqual(['B']);
    expect(await labels({ from: '2030-01-13' })).toEqual(['C']);
    const page = await auditLogPage(db, environment.id, { limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBe(4); // three entries and the environment's creation
    expect((await auditLogPage(db, other, {})).data.map((entry) => entry.resourceLabel)).not.toContain('A');
  });

  it('exports the filtered entries as a Dutch CSV', async () => {
    const environment = await createEnvironment(db, { name: 'Export' }, testActor);
    await recordInLog(db, {
      environmentId: environment.id,
      actor: bram,
      kind: 'list.imported',
      resource: { type: 'list', label: 'Bewoners' },
      rowCount: 120,
      at: new Date('2030-02-01T10:00:00Z'),
    });
    const csv = await text(auditLogCsv(db, environment.id, { kind: 'list.imported' }).content);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Moment;Lid;Handeling;Onderdeel;Omschrijving;Aantal;Toelichting;Id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2030-02-01 11:00:00;Bram Jansen;Lijst geïmporteerd;Lijst;Bewoners;120;;$/);
  });

  it('shows environment and member changes of every environment in the platform log', async () => {
    const environment = await createEnvironment(db, { name: 'Platformlog' }, bram);
    await addMember(db, environment.id, { email: 'platform@voorbeeld.nl' }, bram);
    const page = await platformLogPage(db, { limit: 250 });
    const mine = page.data.filter((entry) => entry.environmentId === environment.id);
    expect(mine.map((entry) => entry.kind)).toEqual(['member.added', 'environment.created']);
    expect(
      mine.every((entry) => entry.environmentName === 'Platformlog' && entry.actorName === 'Bram Jansen'),
    ).toBe(true);
    expect(page.data.some((entry) => entry.kind === 'list.deleted')).toBe(false);
  });
});
