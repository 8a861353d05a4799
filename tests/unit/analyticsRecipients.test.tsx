import type { RecipientResult, RecipientResultPage } from '@contract/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsRecipients } from '../../src/custom/publications/analytics/AnalyticsRecipients';
import { installDemoPlatform } from './support/demoPlatform';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderInConsole } from './support/renderInConsole';
import { signInSession, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

const publicationId = '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09';
const jobId = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';

const row = (recipient: string, extra: Partial<RecipientResult> = {}): RecipientResult => ({
  id: recipient.replace(/\W/g, ''),
  recipient,
  opens: 0,
  clicks: 0,
  firstOpenedAt: null,
  bounce: null,
  ...extra,
});

/** The recipient reads the table made, and the page the fake server answered them with. */
function fakeRecipients(rows: RecipientResult[]) {
  const reads: URL[] = [];
  const platform = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'https://console.test');
    if (!url.pathname.endsWith(`/publications/${publicationId}/analytics/recipients`))
      return platform(input, init);
    reads.push(url);
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const found = rows.filter((candidate) => candidate.recipient.toLowerCase().includes(search));
    const body: RecipientResultPage = { data: found, total: found.length };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return reads;
}

beforeEach(() => {
  setViewport(1366);
  installDemoPlatform();
  installIntersectionObserver();
  signInSession([zuiderveen]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the analytics recipient table', () => {
  it('reads one page of 250 from the server for the chosen job, and searches there', async () => {
    const reads = fakeRecipients([
      row('bram@voorbeeld.nl', { opens: 2, clicks: 1, firstOpenedAt: '2026-11-20T09:15:00.000Z' }),
      row('kees@voorbeeld.nl', { bounce: 'hard' }),
    ]);
    await renderInConsole(
      <AnalyticsRecipients publicationId={publicationId} publicationName="Nieuwsbrief" jobId={jobId} />,
      { path: `/publications/${publicationId}/analytics` },
    );
    const table = await screen.findByRole('table', { name: 'Ontvangers' });
    await within(table).findByText('bram@voorbeeld.nl');
    expect(within(table).getByText('kees@voorbeeld.nl')).toBeInTheDocument();
    expect(within(table).getByText('Hard')).toBeInTheDocument();
    const first = reads[0];
    expect(first.searchParams.get('jobId')).toBe(jobId);
    expect(first.searchParams.get('limit')).toBe('250');
    expect(first.searchParams.get('offset')).toBe('0');

    await userEvent.type(screen.getByPlaceholderText('Zoeken'), 'kees');
    await waitFor(() => expect(reads.at(-1)!.searchParams.get('search')).toBe('kees'));
    await waitFor(() => expect(within(table).queryByText('bram@voorbeeld.nl')).toBeNull());
    expect(within(table).getByText('kees@voorbeeld.nl')).toBeInTheDocument();
  });

  it('says so when no recipient opened, clicked or bounced yet', async () => {
    fakeRecipients([]);
    await renderInConsole(
      <AnalyticsRecipients publicationId={publicationId} publicationName="Nieuwsbrief" jobId={undefined} />,
      { path: `/publications/${publicationId}/analytics` },
    );
    expect(
      await screen.findByText('Nog geen ontvangers met openingen, klikken of bounces.'),
    ).toBeInTheDocument();
  });
});
