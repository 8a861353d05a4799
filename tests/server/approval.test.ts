import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalCount, ApprovalRequest, ApprovalSetting } from '../../server/src/contract/approval';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import type {
  DeliverCheck,
  DeliveryJob,
  DeliveryJobPage,
  PublicationBlockPage,
} from '../../server/src/contract/publications';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// 'Goedkeuring' through the real server, its worker and the embedded mail catcher: a send to at least N
// recipients becomes a request another member approves (the job is created then, once) or rejects with
// a reason; a change to the publication after the request voids it.

const env = environmentIds.zuiderveen;
const { templates, types } = publicationIds;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('approval before sending', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer({ DELIVERY_RETRY_DELAY_MS: '0' });
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
    const set = await api<ApprovalSetting>(anne, 'PUT', '/approval-settings', { minRecipients: 3 });
    expect(set.body).toEqual({ minRecipients: 3, journeys: false });
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

  let serial = 0;
  /** A newsletter with one filled text block, and an audience of `recipients` new addresses. */
  async function newsletterFor(recipients: number): Promise<{ publicationId: string; audienceId: string }> {
    serial++;
    const created = await api<string>(anne, 'POST', '/publications/', {
      name: `Goedkeuring ${serial}`,
      publicationTypeId: types.zuiderveenNewsletter,
    });
    const publicationId = created.body;
    const path = `/publications/${publicationId}/type/${types.zuiderveenNewsletter}/tekst/dynamic`;
    expect((await api(anne, 'POST', path)).status).toBe(201);
    const [block] = (await api<PublicationBlockPage>(anne, 'GET', `/publications/${publicationId}/blocks`))
      .body.data;
    const saved = await api(anne, 'PUT', `/publications/${publicationId}/blocks/${block.id}`, {
      content: { text: '<p>Beste inwoner,</p>' },
      version: block.version,
    });
    expect(saved.status).toBe(200);
    const audience = await api<string>(anne, 'POST', '/audience', undefined, { name: `Doelgroep ${serial}` });
    const list = await api<{ id: string }>(anne, 'POST', '/list/manual', undefined, {
      title: `Lijst ${serial}`,
    });
    for (let index = 1; index <= recipients; index++) {
      const email = `inwoner${serial}-${index}@voorbeeld.nl`;
      const added = await api(anne, 'POST', `/list/manual/${list.body.id}/subscriber`, {
        name: email,
        email,
      });
      expect(added.status).toBe(201);
    }
    const linked = await api(anne, 'POST', `/audience/${audience.body}/lists/add`, undefined, {
      listId: list.body.id,
    });
    expect(linked.status).toBe(201);
    return { publicationId, audienceId: audience.body };
  }

  const sendBody = ({ publicationId, audienceId }: { publicationId: string; audienceId: string }) => ({
    publicationId,
    title: 'Verspreiden',
    publicationTemplateId: templates.zuiderveenStandard,
    audienceId,
  });

  async function requestFor(recipients: number) {
    const send = await newsletterFor(recipients);
    const asked = await api<ApprovalRequest>(anne, 'POST', '/approvalrequests', sendBody(send));
    expect(asked.status).toBe(201);
    return { ...send, request: asked.body };
  }

  const caught = async (subject: string) =>
    (
      await api<CaughtMessagePage>(anne, 'GET', '/mail-catcher/messages', undefined, { search: subject })
    ).body.data.filter((message) => message.subject === subject);

  const jobsOf = async (publicationId: string) =>
    (await api<DeliveryJobPage>(anne, 'GET', '/deliveryjobs', undefined, { publicationId })).body.data;

  it('sends to N-1 recipients directly and asks approval from N, naming who can give it', async () => {
    const small = await newsletterFor(2);
    const direct = await api<DeliveryJob>(anne, 'POST', '/deliveryjobs', sendBody(small));
    expect(direct.status).toBe(201);
    expect(direct.body.approvedBy).toBeNull();

    const large = await newsletterFor(3);
    const check = await api<DeliverCheck>(
      anne,
      'GET',
      `/publications/${large.publicationId}/deliver-check`,
      undefined,
      {
        audienceId: large.audienceId,
        templateId: templates.zuiderveenStandard,
      },
    );
    expect(check.body.recipients).toBe(3);
    expect(check.body.approval).toEqual({ required: true, minRecipients: 3, approvers: ['Bram Jansen'] });

    const refused = await api<ErrorBody>(anne, 'POST', '/deliveryjobs', sendBody(large));
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('audienceId');
    expect(refused.body.message).toContain('goedkeuring nodig');
    expect(await jobsOf(large.publicationId)).toHaveLength(0);

    const asked = await api<ApprovalRequest>(anne, 'POST', '/approvalrequests', sendBody(large));
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      state: 'Wacht op goedkeuring',
      recipientCount: 3,
      requestedBy: 'Anne de Vries',
      approvers: ['Bram Jansen'],
      mayDecide: false,
    });
    // Bram sees it in his badge, Anne (who asked) does not; Bram got one mail about it, Anne none.
    expect(
      (await api<ApprovalCount>(bram, 'GET', '/approvalrequests/count')).body.waiting,
    ).toBeGreaterThanOrEqual(1);
    const mails = await caught(`Goedkeuring gevraagd: Verspreiden`);
    const aboutThis = [];
    for (const mail of mails) {
      const read = await api<CaughtMessage>(anne, 'GET', `/mail-catcher/messages/${mail.id}`);
      if (read.body.text?.includes(`/approvals/${asked.body.id}`)) aboutThis.push(read.body);
    }
    expect(aboutThis.map((mail) => mail.to)).toEqual(['bram@voorbeeld.nl']);
    expect(aboutThis[0].text).toContain('Anne de Vries vraagt je goedkeuring');
  });

  it("refuses approving one's own request, with the reason on the request", async () => {
    const { request } = await requestFor(3);
    expect(request.notDecidableReason).toBe('Je kunt je eigen aanvraag niet goedkeuren of afwijzen.');
    const own = await api<ErrorBody>(anne, 'POST', `/approvalrequests/${request.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.message).toContain('eigen aanvraag');
    const ownReject = await api<ErrorBody>(anne, 'POST', `/approvalrequests/${request.id}/reject`, {
      reason: 'Nee',
    });
    expect(ownReject.status).toBe(403);
    const still = await api<ApprovalRequest>(bram, 'GET', `/approvalrequests/${request.id}`);
    expect(still.body).toMatchObject({ state: 'Wacht op goedkeuring', mayDecide: true });
  });

  it('creates one job when two approvals arrive at once, and records the approval on it', async () => {
    const { publicationId, request } = await requestFor(3);
    const answers = await Promise.all([
      api<DeliveryJob | ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`),
      api<DeliveryJob | ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const jobs = await jobsOf(publicationId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      approvedBy: 'Bram Jansen',
      createdBy: 'Anne de Vries',
      recipientCount: 3,
    });
    expect(Date.parse(jobs[0].approvedAt ?? '')).not.toBeNaN();

    const approved = await api<ApprovalRequest>(anne, 'GET', `/approvalrequests/${request.id}`);
    expect(approved.body).toMatchObject({
      state: 'Goedgekeurd',
      decidedBy: 'Bram Jansen',
      jobId: jobs[0].id,
    });
    await expect
      .poll(async () => (await api<DeliveryJob>(anne, 'GET', `/deliveryjobs/${jobs[0].id}`)).body.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('Verzonden');
    expect((await api<DeliveryJob>(anne, 'GET', `/deliveryjobs/${jobs[0].id}`)).body.sentCount).toBe(3);
  });

  it('voids a request when the publication changes after it, and refuses its approval', async () => {
    const { publicationId, request } = await requestFor(3);
    const changed = await api(anne, 'PUT', `/publications/${publicationId}`, {
      name: 'Goedkeuring gewijzigd',
      isNotMarketing: false,
      isPublic: false,
      subject: 'Een ander onderwerp',
    });
    expect(changed.status).toBe(200);
    const shown = await api<ApprovalRequest>(bram, 'GET', `/approvalrequests/${request.id}`);
    expect(shown.body).toMatchObject({
      state: 'Vervallen',
      mayDecide: false,
      notDecidableReason: 'Vervallen: de publicatie is gewijzigd na de aanvraag',
    });
    const approval = await api<ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`);
    expect(approval.status).toBe(409);
    expect(approval.body.message).toBe('Vervallen: de publicatie is gewijzigd na de aanvraag');
    expect(await jobsOf(publicationId)).toHaveLength(0);
    const stored = await api<ApprovalRequest>(bram, 'GET', '/approvalrequests', undefined, {
      state: 'Vervallen',
    });
    expect(stored.body).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id: request.id })]),
    });
  });

  it('voids a request when a block changes after it', async () => {
    const { publicationId, request } = await requestFor(3);
    const [block] = (await api<PublicationBlockPage>(anne, 'GET', `/publications/${publicationId}/blocks`))
      .body.data;
    await api(anne, 'PUT', `/publications/${publicationId}/blocks/${block.id}`, {
      content: { text: '<p>Beste inwoner, er is nieuws.</p>' },
      version: block.version,
    });
    expect((await api<ApprovalRequest>(bram, 'GET', `/approvalrequests/${request.id}`)).body.state).toBe(
      'Vervallen',
    );
  });

  it('rejects with a required reason, mailed to the requester', async () => {
    const { publicationId, request } = await requestFor(3);
    const withoutReason = await api<ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/reject`, {
      reason: '   ',
    });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body).toMatchObject({ field: 'reason', message: 'Reden is een verplicht veld' });

    const rejected = await api<ApprovalRequest>(bram, 'POST', `/approvalrequests/${request.id}/reject`, {
      reason: 'De datum van de bijeenkomst klopt niet.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      state: 'Afgewezen',
      decidedBy: 'Bram Jansen',
      rejectionReason: 'De datum van de bijeenkomst klopt niet.',
    });
    expect(await jobsOf(publicationId)).toHaveLength(0);
    const later = await api<ErrorBody>(bram, 'POST', `/approvalrequests/${request.id}/approve`);
    expect(later.status).toBe(409);

    const mails = await caught('Afgewezen: Verspreiden');
    const read = await Promise.all(
      mails.map(
        async (mail) => (await api<CaughtMessage>(anne, 'GET', `/mail-catcher/messages/${mail.id}`)).body,
      ),
    );
    const aboutThis = read.filter((mail) => mail.text?.includes(`/approvals/${request.id}`));
    expect(aboutThis.map((mail) => mail.to)).toEqual(['anne@voorbeeld.nl']);
    expect(aboutThis[0].text).toContain('Reden: De datum van de bijeenkomst klopt niet.');
  });

  it('makes every send of a Redacteur a request while approval is on, and blocks it while off', async () => {
    const setRole = async (role: string) =>
      expect((await api(anne, 'PUT', `/members/${demoUsers.bram.id}`, { role })).status).toBe(200);
    await setRole('editor');
    try {
      const small = await newsletterFor(2);
      const checkOf = async () =>
        (
          await api<DeliverCheck>(
            bram,
            'GET',
            `/publications/${small.publicationId}/deliver-check`,
            undefined,
            {
              audienceId: small.audienceId,
              templateId: templates.zuiderveenStandard,
            },
          )
        ).body;
      // Two recipients is below 'from 3', yet a Redacteur sends only through a request.
      const on = await checkOf();
      expect(on.recipients).toBe(2);
      expect(on.approval).toEqual({ required: true, minRecipients: 3, approvers: ['Anne de Vries'] });
      expect(on.blockers.map((blocker) => blocker.code)).not.toContain('roleMayNotSend');

      const direct = await api<ErrorBody>(bram, 'POST', '/deliveryjobs', sendBody(small));
      expect(direct.status).toBe(403);
      expect(await jobsOf(small.publicationId)).toHaveLength(0);

      const asked = await api<ApprovalRequest>(bram, 'POST', '/approvalrequests', sendBody(small));
      expect(asked.status).toBe(201);
      expect(asked.body).toMatchObject({ requestedBy: 'Bram Jansen', recipientCount: 2, mayDecide: false });
      const approved = await api<DeliveryJob>(anne, 'POST', `/approvalrequests/${asked.body.id}/approve`);
      expect(approved.status).toBe(200);
      const jobs = await jobsOf(small.publicationId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        createdBy: 'Bram Jansen',
        approvedBy: 'Anne de Vries',
        recipientCount: 2,
      });

      expect((await api(anne, 'PUT', '/approval-settings', { minRecipients: null })).status).toBe(200);
      const off = await checkOf();
      expect(off.approval.required).toBe(false);
      expect(off.blockers).toContainEqual({
        code: 'roleMayNotSend',
        message:
          "Alleen een Verzender of Beheerder kan verspreiden. Met 'Goedkeuring' aan kun je een verzending laten goedkeuren.",
      });
      // A Verzender or Beheerder has no such blocker.
      const anneCheck = await api<DeliverCheck>(
        anne,
        'GET',
        `/publications/${small.publicationId}/deliver-check`,
        undefined,
        { audienceId: small.audienceId, templateId: templates.zuiderveenStandard },
      );
      expect(anneCheck.body.blockers.map((blocker) => blocker.code)).not.toContain('roleMayNotSend');
    } finally {
      await api(anne, 'PUT', '/approval-settings', { minRecipients: 3 });
      await setRole('administrator');
    }
  });

  it('is off by default and names the field of a bad setting', async () => {
    const other = environmentIds.cultuurhuis;
    const read = await server.api<ApprovalSetting>('GET', '/approval-settings', { token: anne, env: other });
    expect(read.body).toEqual({ minRecipients: null, journeys: false });
    const bad = await api<ErrorBody>(anne, 'PUT', '/approval-settings', { minRecipients: 2.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('minRecipients');
    expect(bad.body.message).toContain('Vanaf aantal ontvangers');
  });
});
