import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, mergeTranslations } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { AnalyticsReport, PublicationMeasuring } from '@contract/analytics';
import { withAfterSave } from '../../src/dataProvider/withAfterSave';
import { useDeclaredQuery } from '../../src/declarative/useDeclaredQuery';
import { declarativeNl } from '../../src/i18n/declarative.nl';
import { nl } from '../../src/i18n/nl';
import { LoadError } from '../../src/layout/LoadError';
import { resources } from '../../src/resources';
import { createTestDataProvider } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(nl, declarativeNl), 'nl');

/** The console's real dataProvider over the real declarations, wrapped as the app wraps it; only fetch is mocked. */
function renderReading(view: React.ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const dataProvider = withAfterSave(createTestDataProvider(resources), resources, queryClient);
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={memoryStore()}
    >
      {view}
    </AdminContext>,
  );
  return { dataProvider, queryClient };
}

function Measuring() {
  const measuring = useDeclaredQuery('publications', 'measuring', { id: 'p1' });
  if (measuring.error) return <LoadError error={measuring.error} onRetry={() => void measuring.refetch()} />;
  return <p>Meten: {measuring.data?.mode ?? '…'}</p>;
}

const measuringOf = (mode: PublicationMeasuring['mode']): PublicationMeasuring => ({
  own: null,
  legalBasis: null,
  environmentMode: mode,
  mode,
});

const reads = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'GET' && request.path.endsWith(path)).length;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a declared read of a named action', () => {
  it('is read again after a write to its resource', async () => {
    let mode: PublicationMeasuring['mode'] = 'Alleen totalen';
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT') {
        mode = 'Uit';
        return new Response(null, { status: 204 });
      }
      return jsonAnswer(measuringOf(mode));
    });
    const { dataProvider } = renderReading(<Measuring />);
    await screen.findByText('Meten: Alleen totalen');

    await act(() => dataProvider.action('publications', 'setMeasuring', { id: 'p1', data: { mode: 'Uit' } }));

    await screen.findByText('Meten: Uit');
    expect(reads(sent, '/publications/p1/measuring')).toBe(2);
  });

  it('is read again after a write to a resource its action follows', async () => {
    let recipients = 3;
    const { sent } = mockFetch((request) => {
      if (request.method === 'POST') {
        recipients = 5;
        return jsonAnswer({ id: 'a1', name: 'Bewoners' }, { status: 201 });
      }
      return jsonAnswer({
        recipients,
        blockers: [],
        warnings: [],
        approval: { required: false, minRecipients: null, approvers: [] },
      });
    });
    function Check() {
      const check = useDeclaredQuery('publications', 'deliverCheck', {
        id: 'p1',
        data: { audienceId: 'a1' },
      });
      return <p>Ontvangers: {check.data?.recipients ?? '…'}</p>;
    }
    const { dataProvider } = renderReading(<Check />);
    await screen.findByText('Ontvangers: 3');

    await act(() => dataProvider.create('audiences', { data: { name: 'Bewoners' } }));

    await screen.findByText('Ontvangers: 5');
    expect(reads(sent, '/publications/p1/deliver-check')).toBe(2);
  });

  it('polls as its action declares: while a job is sending, and no longer once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sending = true;
    const report = (): Partial<AnalyticsReport> => ({ sending, jobs: [], mode: 'Alleen totalen' });
    const { sent } = mockFetch(() => jsonAnswer(report()));
    function Figures() {
      const figures = useDeclaredQuery('publications', 'analytics', { id: 'p1', data: {} });
      return <p>{figures.data ? (figures.data.sending ? 'Bezig' : 'Klaar') : '…'}</p>;
    }
    renderReading(<Figures />);
    await screen.findByText('Bezig');
    expect(reads(sent, '/publications/p1/analytics')).toBe(1);

    sending = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await screen.findByText('Klaar');
    expect(reads(sent, '/publications/p1/analytics')).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(15000));
    expect(reads(sent, '/publications/p1/analytics')).toBe(2);
  });

  it('shows a failure with the console’s one notice, whose retry reads again', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonAnswer({ status: 500, message: 'De meetgegevens zijn even niet beschikbaar.' }, { status: 500 })
        : jsonAnswer(measuringOf('Per persoon')),
    );
    renderReading(<Measuring />);

    await screen.findByText('De meetgegevens zijn even niet beschikbaar.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    await waitFor(() => expect(screen.getByText('Meten: Per persoon')).toBeTruthy());
  });
});
