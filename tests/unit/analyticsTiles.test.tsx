import type { AnalyticsReport } from '@contract/analytics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsTiles } from '../../src/custom/publications/analytics/AnalyticsTiles';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { signInSession, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

const publicationId = '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09';

const report = (rsvp: AnalyticsReport['rsvp']): AnalyticsReport => ({
  mode: 'Alleen totalen',
  sending: false,
  jobs: [],
  sent: 12,
  delivered: 11,
  bounces: 1,
  hardBounces: 1,
  softBounces: 0,
  complaints: 0,
  unsubscribed: 0,
  opens: { unique: 4, total: 6, machine: 0 },
  clicks: { unique: 2, total: 3, machine: 0 },
  series: [],
  links: [],
  rsvp,
});

beforeEach(() => {
  setViewport(1366);
  installDemoPlatform();
  signInSession([zuiderveen]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the analytics tiles', () => {
  it('show the open rate, click rate and click-to-open rate beside the counts, of human opens and clicks', async () => {
    await renderInConsole(<AnalyticsTiles report={report(null)} publicationId={publicationId} />, {
      path: `/publications/${publicationId}/analytics`,
    });
    // 4 of 11 delivered opened, 2 of 11 clicked, 2 of the 4 who opened.
    const opened = await screen.findByTestId('tile-opened');
    expect(within(opened).getByText('36,4% van de afgeleverde berichten')).toBeInTheDocument();
    const clicked = screen.getByTestId('tile-clicked');
    expect(within(clicked).getByText('18,2% van de afgeleverde berichten')).toBeInTheDocument();
    expect(within(clicked).getByText('50% van wie opende (klik-per-open)')).toBeInTheDocument();
  });

  it('of an invitation show its answers (Ja, Nee, Misschien, Geen antwoord) and lead to its RSVP page', async () => {
    await renderInConsole(
      <AnalyticsTiles
        report={report({ yes: 7, no: 2, maybe: 1, noAnswer: 5 })}
        publicationId={publicationId}
      />,
      { path: `/publications/${publicationId}/analytics` },
    );
    const tile = await screen.findByTestId('tile-rsvp');
    expect(within(tile).getByText('RSVP: Ja (personen)')).toBeInTheDocument();
    expect(within(tile).getByText('7')).toBeInTheDocument();
    expect(within(tile).getByText('Nee: 2')).toBeInTheDocument();
    expect(within(tile).getByText('Misschien: 1')).toBeInTheDocument();
    expect(within(tile).getByText('Geen antwoord: 5')).toBeInTheDocument();
    const link = within(tile).getByRole('link', { name: 'Naar de aanmeldingen' });
    expect(link).toHaveAttribute('href', `/publications/${publicationId}/rsvp`);
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(`/publications/${publicationId}/rsvp`);
  });

  it('of another publication have no RSVP tile', async () => {
    await renderInConsole(<AnalyticsTiles report={report(null)} publicationId={publicationId} />);
    expect(await screen.findByTestId('tile-sent')).toHaveTextContent('12');
    expect(screen.queryByTestId('tile-rsvp')).toBeNull();
  });
});
