import type { JourneyGraph } from '@contract/journeys';
import type { MemberRoleName } from '@contract/memberRoles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '@contract/approval';
import { emptyGraph, fakeJourneysApi, journey, publication } from './support/fakeJourneysApi';
import { jsonAnswer } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';
import { journeyDeclarations } from './support/journeysTestApp';
import { memberOfRole } from './support/memberRole';

// A journey's page as each role sees it: a Lezer reads the triggers, steps and settings read-only, with
// no add, move, remove, save, publish or start; a Redacteur edits and saves, and sees 'Activeren' and
// 'Nu starten' disabled with the reason; a Verzender or Beheerder may do it all.

const ids = {
  journey: '0b1e0d7a-0000-4000-8000-000000000010',
  newsletter: '0b1e0d7a-0000-4000-8000-000000000012',
  type: '0b1e0d7a-0000-4000-8000-000000000013',
  template: '0b1e0d7a-0000-4000-8000-000000000014',
};

/** A manual trigger; send 'a', wait 'b', end 'c' (a chain that ends offers no 'Stap toevoegen'). */
const graph = (): JourneyGraph => ({
  ...emptyGraph(),
  triggers: [{ kind: 'manual' }],
  start: 'a',
  steps: [
    { id: 'a', kind: 'send', publicationId: ids.newsletter, templateId: ids.template, next: 'b' },
    { id: 'b', kind: 'wait', wait: { type: 'duration', minutes: 1440 }, next: 'c' },
    { id: 'c', kind: 'end' },
  ],
});

const approvalRequest: ApprovalRequest = {
  id: '0b1e0d7a-0000-4000-8000-000000000020',
  kind: 'journey',
  publicationId: null,
  publicationName: null,
  journeyId: ids.journey,
  journeyName: 'Welkom',
  title: "Traject 'Welkom' publiceren",
  publicationTemplateId: null,
  publicationTemplateName: null,
  audienceId: null,
  audienceName: null,
  participantGroup: null,
  ignoreRsvp: false,
  scheduledAt: null,
  recipientCount: null,
  state: 'Wacht op goedkeuring',
  requestedBy: 'Bram Jansen',
  requestedAt: '2025-03-01T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  jobId: null,
  journeyVersionNumber: null,
  approvers: ['Anne de Vries'],
  mayDecide: false,
  notDecidableReason: 'Je kunt je eigen aanvraag niet goedkeuren of afwijzen.',
};

async function openJourney(role: MemberRoleName, { publishNeedsApproval = false } = {}) {
  const { sent } = fakeJourneysApi(
    {
      lists: [],
      subscribers: [],
      unsubscribers: [],
      audiences: [],
      journeys: [journey({ id: ids.journey, name: 'Welkom', graph: graph(), publishNeedsApproval })],
      publications: [
        publication({ id: ids.newsletter, name: 'Nieuwsbrief maart', publicationTypeId: ids.type }),
      ],
      publicationTypes: [
        {
          id: ids.type,
          name: 'Nieuwsbrief',
          templates: [{ id: ids.template, name: 'Standaard' }],
          repeatableGroups: [],
        },
      ],
    },
    // 'Publiceren' while 'Goedkeuring' covers journeys: the server answers the request it made.
    (request) =>
      request.method === 'POST' && request.path.endsWith(`/journeys/${ids.journey}/approvalrequests`)
        ? jsonAnswer(approvalRequest, { status: 201 })
        : undefined,
  );
  const member = memberOfRole(role);
  renderDeclarative(journeyDeclarations, {
    path: `/journeys/${ids.journey}`,
    authProvider: member.authProvider,
    queryClient: member.queryClient,
  });
  await member.roleKnown();
  const wait = await screen.findByRole('region', { name: 'Wacht (b)' });
  return { sent, wait };
}

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the journey editor as the role allows', { timeout: 60_000 }, () => {
  it('shows a Lezer the journey read-only, without a single action', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, wait } = await openJourney('reader');
    for (const name of ['Stap toevoegen', 'Trigger toevoegen', 'Opslaan', 'Activeren', 'Nu starten'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(screen.queryByRole('button', { name: /omhoog|omlaag|verwijderen/ })).toBeNull();

    // The inputs show the journey but take no change.
    const days = within(wait).getByRole('spinbutton', { name: 'Dagen' });
    expect(days).toHaveValue(1);
    expect(days).toHaveAttribute('readonly');
    await user.type(days, '5');
    expect(days).toHaveValue(1);
    await user.click(within(wait).getByRole('combobox', { name: /^Wacht/ }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it("lets a Redacteur edit and save, and shows 'Activeren' and 'Nu starten' disabled with the reason", async () => {
    await openJourney('editor');
    expect(screen.getByRole('button', { name: 'Trigger toevoegen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Dagen' })).not.toHaveAttribute('readonly');

    const activate = screen.getByRole('button', { name: 'Activeren' });
    expect(activate).toHaveAttribute('aria-disabled', 'true');
    expect(activate).toHaveAccessibleDescription(
      'Alleen een Verzender of Beheerder kan een journey activeren of publiceren.',
    );
    const start = screen.getByRole('button', { name: 'Nu starten' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAccessibleDescription(
      'Alleen een Verzender of Beheerder kan mensen in een journey laten starten.',
    );
  });

  it("lets a Redacteur's 'Activeren' ask approval while 'Goedkeuring' covers journeys, and publish nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = await openJourney('editor', { publishNeedsApproval: true });
    const activate = screen.getByRole('button', { name: 'Activeren' });
    expect(activate).not.toHaveAttribute('aria-disabled');
    await user.click(activate);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Publiceren vraagt goedkeuring/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuring vragen' }));
    expect(await screen.findByText('Goedkeuring gevraagd. Het traject wacht op goedkeuring.')).toBeVisible();
    const posts = sent.filter((request) => request.method === 'POST').map((request) => request.path);
    expect(posts).toEqual([`/api/1/env-1/journeys/${ids.journey}/approvalrequests`]);
  });

  it('gives a Beheerder every action', async () => {
    const { wait } = await openJourney('administrator');
    for (const name of ['Trigger toevoegen', 'Opslaan', 'Activeren', 'Nu starten'])
      expect(screen.getByRole('button', { name }), name).not.toHaveAttribute('aria-disabled');
    expect(within(wait).getByRole('button', { name: 'Wacht (b) verwijderen' })).toBeInTheDocument();
    expect(within(wait).getByRole('button', { name: 'Wacht (b) omhoog' })).toBeInTheDocument();
  });
});
