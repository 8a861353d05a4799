import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalCount, ApprovalRequest, ApprovalSetting } from '../../server/src/contract/approval';
import type { AuditLogEntry } from '../../server/src/contract/auditLog';
import type { Journey } from '../../server/src/contract/journeys';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// 'Goedkeuring' for publishing journeys ('Ook bij het publiceren van trajecten'), through the real server
// and its mail catcher: with it on, 'Publiceren' asks approval and another member's approval publishes
// (once); a change to the journey after the request voids it; a rejection is mailed to the requester.
// With it off a Verzender or Beheerder publishes, and a Redacteur cannot.

const env = environmentIds.zuiderveen;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('approval before publishing a journey', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(
    token: Tokens,
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => server.api<T>(method, path, { token, env, body, query });

  const setJourneys = async (journeys: boolean) => {
    const set = await api<ApprovalSetting>(anne, 'PUT', '/approval-settings', {
      minRecipients: null,
      journeys,
    });
    expect(set.body).toEqual({ minRecipients: null, journeys });
  };
  const setBramRole = async (role: string) =>
    expect((await api(anne, 'PUT', `/members/${demoUsers.bram.id}`, { role })).status).toBe(200);

  let serial = 0;
  /** A concept journey that may be activated: started by hand, one end step. */
  async function conceptJourney(): Promise<Journey> {
    const created = await api<Journey>(anne, 'POST', '/journeys', {
      name: `Goedkeuring traject ${++serial}`,
    });
    const saved = await api<Journey>(anne, 'PUT', `/journeys/${created.body.id}`, {
      graph: {
        triggers: [{ kind: 'manual' }],
        start: 'einde',
        steps: [{ id: 'einde', kind: 'end' }],
        settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
      },
    });
    expect(saved.status).toBe(200);
    return saved.body;
  }

  const journeyOf = async (id: string) => (await api<Journey>(anne, 'GET', `/journeys/${id}`)).body;

  async function requestFor(journey: Journey, by = anne) {
    const asked = await api<ApprovalRequest>(by, 'POST', `/journeys/${journey.id}/approvalrequests`, {});
    expect(asked.status).toBe(201);
    return asked.body;
  }

  /** The caught mails with this subject that link to the request. */
  async function mailsAbout(subject: string, request: ApprovalRequest) {
    const page = await api<CaughtMessagePage>(anne, 'GET', '/mail-catcher/messages', undefined, {
      search: subject,
    });
    const read = await Promise.all(
      page.body.data
        .filter((message) => message.subject === subject)
        .map(
          async (mail) => (await api<CaughtMessage>(anne, 'GET', `/mail-catcher/messages/${mail.id}`)).body,
        ),
    );
    return read.filter((mail) => mail.text?.includes(`/approvals/${request.id}`));
  }

  /**
   * The Logboek's entries about the journey as "kind by name", sorted: an approval and the publish it makes
   * share one transaction's moment, so their order in the Logboek is not defined.
   */
  async function loggedAbout(journeyId: string) {
    const page = await api<AuditLogEntry[]>(anne, 'GET', '/auditlog', undefined, { limit: '200' });
    return page.body
      .filter((entry) => entry.resourceId === journeyId)
      .map((entry) => `${entry.kind} by ${entry.actorName}`)
      .sort();
  }

  it('publishes directly while the option is off, and refuses asking approval then', async () => {
    await setJourneys(false);
    const journey = await conceptJourney();
    expect(journey.publishNeedsApproval).toBe(false);
    const asked = await api<ErrorBody>(anne, 'POST', `/journeys/${journey.id}/approvalrequests`, {});
    expect(asked.status).toBe(409);
    expect(asked.body.message).toContain('staat uit');
    const published = await api<Journey>(anne, 'POST', `/journeys/${journey.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('Actief');
    expect(await loggedAbout(journey.id)).toEqual(['journey.published by Anne de Vries']);
  });

  it('asks approval with the option on: no direct publish, the approvers mailed, one approval publishes', async () => {
    await setJourneys(true);
    const journey = await conceptJourney();
    expect(journey.publishNeedsApproval).toBe(true);
    const direct = await api<ErrorBody>(anne, 'POST', `/journeys/${journey.id}/publish`, {});
    expect(direct.status).toBe(409);
    expect(direct.body.message).toContain('goedkeuring nodig');
    expect((await journeyOf(journey.id)).state).toBe('Concept');

    const request = await requestFor(journey);
    expect(request).toMatchObject({
      kind: 'journey',
      journeyId: journey.id,
      journeyName: journey.name,
      publicationId: null,
      recipientCount: null,
      title: `Traject '${journey.name}' publiceren`,
      state: 'Wacht op goedkeuring',
      requestedBy: 'Anne de Vries',
      approvers: ['Bram Jansen'],
      mayDecide: false,
      notDecidableReason: 'Je kunt je eigen aanvraag niet goedkeuren of afwijzen.',
    });
    expect(
      (await api<ApprovalCount>(bram, 'GET', '/approvalrequests/count')).body.waiting,
    ).toBeGreaterThanOrEqual(1);
    const asked = await mailsAbout(`Goedkeuring gevraagd: ${request.title}`, request);
    expect(asked.map((mail) => mail.to)).toEqual(['bram@voorbeeld.nl']);
    expect(asked[0].text).toContain(
      `Anne de Vries vraagt je goedkeuring om het traject '${journey.name}' te publiceren.`,
    );
    const review = await api<ErrorBody>(bram, 'GET', `/approvalrequests/${request.id}/review`);
    expect(review.status).toBe(409);

    const own = await api<ErrorBody>(anne, 'POST', `/approvalrequests/${request.id}/approve`);
    expect(own.status).toBe(403);
    expect((await journeyOf(journey.id)).state).toBe('Concept');

    const answers = await Promise.all([
      api<Journey | ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`),
      api<Journey | ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const published = answers.find((answer) => answer.status === 200)?.body as Journey;
    expect(published).toMatchObject({ id: journey.id, state: 'Actief', versionNumber: 1 });
    expect((await journeyOf(journey.id)).versionNumber).toBe(1);
    const approved = await api<ApprovalRequest>(anne, 'GET', `/approvalrequests/${request.id}`);
    expect(approved.body).toMatchObject({
      state: 'Goedgekeurd',
      decidedBy: 'Bram Jansen',
      journeyVersionNumber: 1,
    });
    expect(await loggedAbout(journey.id)).toEqual([
      'journey.approved by Bram Jansen',
      'journey.published by Anne de Vries',
      'journey.requested by Anne de Vries',
    ]);
  });

  it('voids a request when the journey changes after it, and refuses its approval', async () => {
    await setJourneys(true);
    const journey = await conceptJourney();
    const request = await requestFor(journey);
    const renamed = await api(anne, 'PUT', `/journeys/${journey.id}`, { name: `${journey.name} (nieuw)` });
    expect(renamed.status).toBe(200);
    const shown = await api<ApprovalRequest>(bram, 'GET', `/approvalrequests/${request.id}`);
    expect(shown.body).toMatchObject({
      state: 'Vervallen',
      mayDecide: false,
      notDecidableReason: 'Vervallen: het traject is gewijzigd na de aanvraag',
    });
    const approval = await api<ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`);
    expect(approval.status).toBe(409);
    expect(approval.body.message).toBe('Vervallen: het traject is gewijzigd na de aanvraag');
    expect(await journeyOf(journey.id)).toMatchObject({ state: 'Concept', versionNumber: null });
  });

  it('rejects with a reason, mailed to the requester; the journey stays unpublished', async () => {
    await setJourneys(true);
    const journey = await conceptJourney();
    const request = await requestFor(journey);
    const rejected = await api<ApprovalRequest>(bram, 'POST', `/approvalrequests/${request.id}/reject`, {
      reason: 'De start klopt nog niet.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ state: 'Afgewezen', rejectionReason: 'De start klopt nog niet.' });
    expect((await journeyOf(journey.id)).state).toBe('Concept');
    const mails = await mailsAbout(`Afgewezen: ${request.title}`, request);
    expect(mails.map((mail) => mail.to)).toEqual(['anne@voorbeeld.nl']);
    expect(mails[0].text).toContain(`om het traject '${journey.name}' te publiceren`);
    expect(mails[0].text).toContain('Reden: De start klopt nog niet.');
    expect(await loggedAbout(journey.id)).toEqual([
      'journey.rejected by Bram Jansen',
      'journey.requested by Anne de Vries',
    ]);
  });

  it('lets a Redacteur publish only by asking approval with the option on, and not at all with it off', async () => {
    await setBramRole('editor');
    try {
      await setJourneys(false);
      const off = await conceptJourney();
      expect((await api(bram, 'POST', `/journeys/${off.id}/publish`, {})).status).toBe(403);
      expect((await api(bram, 'POST', `/journeys/${off.id}/approvalrequests`, {})).status).toBe(409);
      expect((await journeyOf(off.id)).state).toBe('Concept');

      await setJourneys(true);
      const on = await conceptJourney();
      expect((await api(bram, 'POST', `/journeys/${on.id}/publish`, {})).status).toBe(403);
      const request = await requestFor(on, bram);
      expect(request).toMatchObject({ requestedBy: 'Bram Jansen', approvers: ['Anne de Vries'] });
      // A Redacteur may not approve another's request either.
      const other = await requestFor(await conceptJourney());
      expect((await api(bram, 'POST', `/approvalrequests/${other.id}/approve`)).status).toBe(403);
      const approved = await api<Journey>(anne, 'POST', `/approvalrequests/${request.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.state).toBe('Actief');
    } finally {
      await setBramRole('administrator');
      await setJourneys(false);
    }
  });
});
