import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Publication, PublicationType } from '@contract/publications';
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

/** The API as far as the deliver form uses it; `onJob` answers POST /deliveryjobs. */
function fakeApi(type: PublicationType, onJob: (request: SentRequest) => Response) {
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
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
      expect.arrayContaining(['Bewoners Centrum', 'Inwoners en ondernemers', 'Deelnemers - RsvP die komen']),
    );
    expect(options).not.toContain('Oude doelgroep');
    const audienceRead = sent.find((request) => request.path === '/api/1/env-1/audiences/');
    expect(audienceRead?.query.get('isDeleted')).toBe('false');
  });

  it('sends the RsvP option as SendToOnlyAcceptedRsvp without an audience, then goes to /jobs/', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer({ id: 'job-1', ...(request.json() as object) }, { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await user.click(await within(panel).findByRole('combobox', { name: /Sjabloon/ }));
    await user.click(await screen.findByRole('option', { name: 'Uitgebreid' }));
    await user.click(await within(panel).findByRole('combobox', { name: /Doelgroep/ }));
    await user.click(await screen.findByRole('option', { name: 'Deelnemers - RsvP die komen' }));
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

  it('sends an audience as audienceId with SendToOnlyAcceptedRsvp false', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer({ id: 'job-2', ...(request.json() as object) }, { status: 201 }),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await user.click(await within(panel).findByRole('combobox', { name: /Sjabloon/ }));
    await user.click(await screen.findByRole('option', { name: 'Standaard' }));
    await user.click(await within(panel).findByRole('combobox', { name: /Doelgroep/ }));
    await user.click(await screen.findByRole('option', { name: 'Bewoners Centrum' }));
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

  it("keeps the panel open with the server's message when the job is refused", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(newsletterType, () =>
      jsonAnswer(
        {
          status: 400,
          message: "Het veld 'audienceId' verwijst naar een verwijderde doelgroep.",
          field: 'audienceId',
        },
        { status: 400 },
      ),
    );
    renderPublications();
    openDeliver();
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });

    await user.click(await within(panel).findByRole('combobox', { name: /Sjabloon/ }));
    await user.click(await screen.findByRole('option', { name: 'Standaard' }));
    await user.click(await within(panel).findByRole('combobox', { name: /Doelgroep/ }));
    await user.click(await screen.findByRole('option', { name: 'Inwoners en ondernemers' }));
    await user.click(within(panel).getByRole('button', { name: 'Verspreiden' }));

    expect(
      (await within(panel).findAllByText("Het veld 'audienceId' verwijst naar een verwijderde doelgroep."))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' })).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: /Sjabloon/ })).toHaveTextContent('Standaard');
  });
});

describe('deliver page', { timeout: 60_000 }, () => {
  it('shows the same form at /publications/{id}/deliver and plans the job from there', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, (request) =>
      jsonAnswer({ id: 'job-3', ...(request.json() as object) }, { status: 201 }),
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
