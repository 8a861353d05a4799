import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry } from '../../server/src/contract/auditLog';
import { auditLog } from '../../src/resources/auditLog';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';

const entry = (fields: Partial<AuditLogEntry> & Pick<AuditLogEntry, 'id' | 'kind'>): AuditLogEntry => ({
  occurredAt: '2026-11-20T09:30:00.000Z',
  actorUserId: null,
  actorName: '',
  resourceType: 'deliveryJob',
  resourceId: 'job-1',
  resourceLabel: 'Nieuwsbrief november',
  rowCount: null,
  detail: null,
  ...fields,
});

const entries: AuditLogEntry[] = [
  entry({ id: 'e2', kind: 'delivery.approved', actorUserId: 'u-bram', actorName: 'Bram Bakker' }),
  entry({
    id: 'e1',
    kind: 'delivery.requested',
    actorUserId: 'u-anne',
    actorName: 'Anne Jansen',
    rowCount: 1200,
  }),
];

const auditLogPath = `/api/1/${testEnvironmentId}/auditlog`;

/** The server of the Logboek: its actors, its page filtered by member and kind, and download tickets. */
function answer(request: SentRequest) {
  if (request.path === `${auditLogPath}/actors`) {
    return jsonAnswer([
      { id: 'u-anne', name: 'Anne Jansen' },
      { id: 'u-bram', name: 'Bram Bakker' },
    ]);
  }
  if (request.path.endsWith('/download-ticket')) {
    const { path } = request.json() as { path: string };
    return jsonAnswer({ ticket: 't', url: `${path}&ticket=t`, expiresAt: '2026-11-29T12:01:00.000Z' });
  }
  const actor = request.query.get('actorUserId');
  const kind = request.query.get('kind');
  return jsonAnswer(
    entries.filter(
      (candidate) => (!actor || candidate.actorUserId === actor) && (!kind || candidate.kind === kind),
    ),
  );
}

const reads = (sent: SentRequest[]) => sent.filter((request) => request.path === auditLogPath);

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Logboek', { timeout: 60_000 }, () => {
  it('shows who did what when in Dutch, filters by member, kind and period, and exports what it shows', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch(answer);
    const links: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.getAttribute('href') ?? '');
    });
    renderDeclarative([auditLog], { path: '/logboek/' });

    const requested = (await screen.findByText('Verspreiding aangevraagd')).closest('tr');
    if (!requested) throw new Error('no row');
    expect(within(requested).getByText('Anne Jansen')).toBeInTheDocument();
    expect(within(requested).getByText('Verzending: Nieuwsbrief november')).toBeInTheDocument();
    // 09:30 UTC is 10:30 in Amsterdam in November.
    expect(within(requested).getByText('20 nov 2026, 10:30')).toBeInTheDocument();
    expect(screen.getByText('Verspreiding goedgekeurd')).toBeInTheDocument();

    // The member filter's choices are the server's actors.
    await user.click(screen.getByRole('combobox', { name: 'Lid' }));
    await user.click(await screen.findByRole('option', { name: 'Bram Bakker' }));
    await waitFor(() => expect(screen.queryByText('Verspreiding aangevraagd')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(reads(sent).at(-1)?.query.get('actorUserId')).toBe('u-bram');

    await user.click(screen.getByRole('combobox', { name: 'Handeling' }));
    await user.click(await screen.findByRole('option', { name: 'Verspreiding goedgekeurd' }));
    await waitFor(() => expect(reads(sent).at(-1)?.query.get('kind')).toBe('delivery.approved'), {
      timeout: 10_000,
    });

    await user.type(screen.getByLabelText('Vanaf'), '1-11-2026');
    await user.type(screen.getByLabelText('Tot en met'), '30-11-2026');
    await waitFor(() => expect(reads(sent).at(-1)?.query.get('until')).toBe('2026-11-30'), {
      timeout: 10_000,
    });
    expect(reads(sent).at(-1)?.query.get('from')).toBe('2026-11-01');

    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(links).toHaveLength(1));
    const exported = new URL(links[0], 'http://console.test');
    expect(exported.pathname).toBe(`${auditLogPath}/export`);
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      actorUserId: 'u-bram',
      kind: 'delivery.approved',
      from: '2026-11-01',
      until: '2026-11-30',
      ticket: 't',
    });
  });

  it('says so in Dutch when the log is empty', async () => {
    mockFetch((request) => (request.path === auditLogPath ? jsonAnswer([]) : answer(request)));
    renderDeclarative([auditLog], { path: '/logboek/' });
    expect(await screen.findByText('Er staat nog niets in het logboek.')).toBeInTheDocument();
  });
});
