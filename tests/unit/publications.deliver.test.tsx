import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliverCheck, Publication, PublicationType } from '@contract/publications';
import { openSlideOver } from '../../src/slideover/events';
import { renderPublications } from './support/publicationsTestApp';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

const newsletterType: PublicationType = {
  id: 'type-newsletter',
  name: 'Nieuwsbrief',
  templates: [
    { id: 'template-standard', name: 'Standaard' },
    { id: 'template-extended', name: 'Uitgebreid' },
  ],
  repeatableGroups: [{ type: 'artikel', name: 'Artikel', fields: [] }],
};

const publication: Publication = {
  id: 'publication-1',
  name: 'Nieuwsbrief maart',
  subject: null,
  preheader: null,
  isNotMarketing: false,
  isPublic: false,
  senderName: null,
  publicationTypeId: newsletterType.id,
  publicationTypeName: newsletterType.name,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
};

const audiences = [
  { id: 'audience-centre', name: 'Bewoners Centrum', isDeleted: false },
  { id: 'audience-old', name: 'Oude doelgroep', isDeleted: true },
  { id: 'audience-all', name: 'Inwoners en ondernemers', isDeleted: false },
];

/** A send that needs no approval ('Goedkeuring' off). */
const noApproval: DeliverCheck['approval'] = { required: false, minRecipients: null, approvers: [] };
const noFindings: DeliverCheck = { recipients: 3, blockers: [], warnings: [], approval: noApproval };

/** The server's answer to POST /deliveryjobs: the job as asked, created and planned now unless later. */
function createdJob(id: string, request: SentRequest) {
  const asked = request.json() as { scheduledAt?: string | null };
  const now = new Date().toISOString();
  return { id, ...asked, createdAt: now, scheduledAt: asked.scheduledAt ?? now };
}

/**
 * The API as far as the deliver form uses it; `onJob` answers POST /deliveryjobs, `check` the checks
 * before sending for the asked choice.
 */
function fakeApi(
  type: PublicationType,
  onJob: (request: SentRequest) => Response,
  check: (request: SentRequest) => DeliverCheck = () => noFindings,
) {
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
    if (request.method === 'GET' && path === `/publications/${publication.id}/deliver-check`)
      return jsonAnswer(check(request));
    if (request.method === 'GET' && path === `/publicationtypes/${type.id}`) return jsonAnswer(type);
    if (request.method === 'GET' && path === `/publications/${publication.id}`)
      return jsonAnswer(publication);
    if (request.method === 'GET' && path === '/audiences/') {
      // The server filters on isDeleted; the fake answers everything to prove the form filters too.
      return jsonAnswer(audiences, { headers: { 'X-Total-Count': String(audiences.length) } });
    }
    if (request.method === 'POST' && path === '/deliveryjobs') return onJob(request);
    if (request.method === 'GET' && path === '/deliveryjobs') return jsonAnswer({ data: [], total: 0 });
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

/** Chooses the deliver form's template and audience in `panel`; answers the user that did. */
async function choose(panel: HTMLElement, template: string, audience: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await within(panel).findByRole('combobox', { name: /Sjabloon/ }));
  await user.click(await screen.findByRole('option', { name: template }));
  await user.click(await within(panel).findByRole('combobox', { name: /Doelgroep/ }));
  await user.click(await screen.findByRole('option', { name: audience }));
  return user;
}

function openDeliver() {
  act(() => openSlideOver('deliverPublication', { record: publication }));
}

beforeEach(() => {
  // The jobs table of /jobs/ loads more rows when its end scrolls into view.
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deliver publication panel', { timeout: 60_000 }, () => {
  it('names the publication in its title and proposes the job title', async () => {
    fakeApi(newsletterType, () => jsonAnswer({}));
    renderPublications();
    openDeliver();

    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    expect(within(panel).getByDisplayValue('Verspreiden van Nieuwsbrief maart')).toBeInTheDocument();
  });

  it('requires a template and an audience, with the messages of the spec, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, () => jsonAnswer({}));
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    expect(await within(panel).findByText('Selecteer een template')).toBeInTheDocument();
    expect(within(panel).getByText('Selecteer een doelgroep')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' })).toBeInTheDocument();
  });

  it("says so when the publication's type has no templates", async () => {
    fakeApi({ ...newsletterType, templates: [] }, () => jsonAnswer({}));
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    expect(
      await within(panel).findByText('Er zijn geen templates meer om uit te kiezen'),
    ).toBeInTheDocument();
  });

  it("offers the audiences that are not deleted plus 'Deelnemers - RsvP die komen'", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, () => jsonAnswer({}));
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await user.click(await within(panel).findByRole('combobox', { name: /Doelgroep/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'Bewoners Centrum',
        'Inwoners en ondernemers',
        'Deelnemers - RsvP die komen',
        'Deelnemers - nog geen antwoord',
        'Deelnemers - wachtlijst',
      ]),
    );
    expect(options).not.toContain('Oude doelgroep');
    const audienceRead = sent.find((request) => request.path === '/api/1/env-1/audiences/');
    expect(audienceRead?.query.get('isDeleted')).toBe('false');
  });

  it('sends the RsvP option as SendToOnlyAcceptedRsvp without an audience, then goes to /jobs/', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer(createdJob('job-1', request), { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await choose(panel, 'Uitgebreid', 'Deelnemers - RsvP die komen');
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST') as SentRequest;
    expect(post.path).toBe('/api/1/env-1/deliveryjobs');
    expect(post.json()).toEqual({
      publicationId: 'publication-1',
      title: 'Verspreiden van Nieuwsbrief maart',
      publicationTemplateId: 'template-extended',
      audienceId: null,
      ignoreRsvp: false,
      SendToOnlyAcceptedRsvp: true,
    });
    // The jobs table of /jobs/ appears, and the panel is gone.
    expect(
      await screen.findByText('Er zijn nog geen jobs. Verspreid een publicatie om er een te plannen.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['Deelnemers - nog geen antwoord', 'noAnswer'],
    ['Deelnemers - wachtlijst', 'waiting'],
  ])('sends the option %s as participantGroup %s without an audience', async (option, group) => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer(createdJob('job-3', request), { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await choose(panel, 'Standaard', option);
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.json()).toEqual({
      publicationId: 'publication-1',
      title: 'Verspreiden van Nieuwsbrief maart',
      publicationTemplateId: 'template-standard',
      audienceId: null,
      ignoreRsvp: false,
      SendToOnlyAcceptedRsvp: false,
      participantGroup: group,
    });
    const check = sent.filter((request) => request.path.endsWith('/deliver-check')).at(-1);
    expect(check?.query.get('participantGroup')).toBe(group);
  });

  it('sends an audience as audienceId with SendToOnlyAcceptedRsvp false', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer(createdJob('job-2', request), { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await choose(panel, 'Standaard', 'Bewoners Centrum');
    await user.click(within(panel).getByLabelText('RSVP negeren'));
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.json()).toMatchObject({
      publicationTemplateId: 'template-standard',
      audienceId: 'audience-centre',
      ignoreRsvp: true,
      SendToOnlyAcceptedRsvp: false,
    });
  });

  it('checks an A/B variant as the server does: one over the subject limit is named under it, nothing sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer(createdJob('job-ab', request), { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await choose(panel, 'Standaard', 'Bewoners Centrum');
    await user.click(within(panel).getByRole('switch', { name: 'A/B-test' }));
    const variantA = await within(panel).findByLabelText(/Variant A/);
    // Typed long, as pasted: 201 characters against the subject's 200.
    fireEvent.change(variantA, { target: { value: 'x'.repeat(201) } });
    await user.type(within(panel).getByLabelText(/Variant B/), 'Kort onderwerp');
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    expect(await within(panel).findByText('Gebruik ten hoogste 200 tekens')).toBeInTheDocument();
    expect(variantA).toHaveValue('x'.repeat(201));
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it("keeps the panel open with the server's message when the job is refused", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(newsletterType, () =>
      jsonAnswer(
        {
          status: 400,
          message: 'Deze doelgroep is verwijderd.',
          field: 'audienceId',
        },
        { status: 400 },
      ),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await choose(panel, 'Standaard', 'Inwoners en ondernemers');
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    expect((await within(panel).findAllByText('Deze doelgroep is verwijderd.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' })).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: /Sjabloon/ })).toHaveTextContent('Standaard');
  });
});

describe('checks before sending in the deliver panel', { timeout: 60_000 }, () => {
  it('shows the recipients and warnings of the choice, asked again as the choice changes', async () => {
    const { sent } = fakeApi(
      newsletterType,
      () => jsonAnswer({}),
      (request) =>
        request.query.get('audienceId') === 'audience-all'
          ? { recipients: 1234, blockers: [], warnings: [], approval: noApproval }
          : {
              recipients: 3,
              blockers: [],
              warnings: [{ code: 'alreadySent', message: 'Al verzonden op 3 maart 2025 om 10:00.' }],
              approval: noApproval,
            },
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    expect(
      await within(panel).findByText('Kies een doelgroep om het aantal ontvangers te zien.'),
    ).toBeVisible();

    const user = await choose(panel, 'Standaard', 'Bewoners Centrum');
    expect(await within(panel).findByText('3 ontvangers')).toBeInTheDocument();
    expect(within(panel).getByText('Al verzonden op 3 maart 2025 om 10:00.')).toBeInTheDocument();
    const asked = sent.filter((request) => request.path.endsWith('/deliver-check')).at(-1)!;
    expect(asked.query.get('audienceId')).toBe('audience-centre');
    expect(asked.query.get('templateId')).toBe('template-standard');

    await user.click(within(panel).getByRole('combobox', { name: /Doelgroep/ }));
    await user.click(await screen.findByRole('option', { name: 'Inwoners en ondernemers' }));
    expect(await within(panel).findByText('1.234 ontvangers')).toBeInTheDocument();
    expect(within(panel).queryByText('Al verzonden op 3 maart 2025 om 10:00.')).not.toBeInTheDocument();
    expect(within(panel).getByText('Geen bezwaren gevonden.')).toBeInTheDocument();
  });

  it('takes the submit button away while a blocker holds', async () => {
    fakeApi(
      newsletterType,
      () => jsonAnswer({}),
      () => ({
        recipients: 3,
        blockers: [
          { code: 'noBlocks', field: 'publicationId', message: 'Deze publicatie heeft nog geen blokken.' },
        ],
        warnings: [],
        approval: noApproval,
      }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    expect(await within(panel).findByText('Deze publicatie heeft nog geen blokken.')).toBeInTheDocument();
    expect(within(panel).getByText('Dit moet eerst anders')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Verspreiden' })).not.toBeInTheDocument(),
    );
  });

  it('asks to type the number of recipients above 100, and sends only when it matches', async () => {
    const { sent } = fakeApi(
      newsletterType,
      (request) =>
        jsonAnswer(
          {
            id: 'job-4',
            ...(request.json() as object),
            scheduledAt: '2025-03-01T09:00:00.000Z',
            createdAt: '2025-03-01T09:00:00.000Z',
          },
          { status: 201 },
        ),
      () => ({ recipients: 101, blockers: [], warnings: [], approval: noApproval }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    const user = await choose(panel, 'Standaard', 'Inwoners en ondernemers');
    const confirmation = await within(panel).findByRole('textbox', { name: /Typ 101 om te bevestigen/ });

    await user.type(confirmation, '100');
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));
    expect(await within(panel).findByText('Typ precies 101')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(confirmation);
    await user.type(confirmation, '101');
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    // The typed number is the person's confirmation, not part of the job.
    expect(sent.find((request) => request.method === 'POST')?.json()).not.toHaveProperty('confirmRecipients');
    // A job whose moment is its creation is sending now: never called 'gepland'.
    expect(await screen.findByText('De job is gestart: het bericht wordt nu verzonden.')).toBeInTheDocument();
  });

  it("refuses a moment in the past with 'Kies een moment in de toekomst' and names a planned one after sending", async () => {
    const { sent } = fakeApi(newsletterType, (request) => {
      const body = request.json() as { scheduledAt: string };
      return jsonAnswer({ id: 'job-5', ...body, createdAt: '2025-03-01T09:00:00.000Z' }, { status: 201 });
    });
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    const user = await choose(panel, 'Standaard', 'Bewoners Centrum');
    const moment = within(panel).getByLabelText('Verzenden op');

    fireEvent.change(moment, { target: { value: '01-01-2020 10:00' } });
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));
    expect(await within(panel).findByText('Kies een moment in de toekomst')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    const nextYear = new Date().getFullYear() + 1;
    fireEvent.change(moment, { target: { value: `15-01-${nextYear} 10:00` } });
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(await screen.findByText(/^De job staat gepland voor 15 jan .*10:00\.$/)).toBeInTheDocument();
  });
});

describe('deliver page', { timeout: 60_000 }, () => {
  it('shows the same form at /publications/{id}/deliver and plans the job from there', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer(createdJob('job-3', request), { status: 201 }),
    );
    renderPublications('/publications/publication-1/deliver');

    await user.click(await screen.findByRole('button', { name: 'Verspreiden' }));
    expect(await screen.findByText('Selecteer een template')).toBeInTheDocument();
    expect(screen.getByText('Selecteer een doelgroep')).toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: /Sjabloon/ }));
    await user.click(await screen.findByRole('option', { name: 'Standaard' }));
    await user.click(screen.getByRole('combobox', { name: /Doelgroep/ }));
    await user.click(await screen.findByRole('option', { name: 'Deelnemers - RsvP die komen' }));
    await user.click(screen.getByRole('button', { name: 'Verspreiden' }));

    expect(
      await screen.findByText('Er zijn nog geen jobs. Verspreid een publicatie om er een te plannen.'),
    ).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.json()).toMatchObject({
      publicationId: 'publication-1',
      audienceId: null,
      SendToOnlyAcceptedRsvp: true,
    });
  });
});
