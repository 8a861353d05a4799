import type { AbTest } from '@contract/abTests';
import type { MemberRoleName } from '@contract/memberRoles';
import type { SenderSettings } from '@contract/sending';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbTestComparison } from '../../src/custom/abTests/AbTestComparison';
import { MeasuringSetting } from '../../src/custom/publications/analytics/MeasuringSetting';
import { SendingDomainRecords } from '../../src/custom/sending/SendingDomainRecords';
import { testEnvironmentId } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { renderWithRole } from './support/memberRole';

// The custom screens' smaller actions as each role sees them (least roles: contract/operationRoles.ts).

afterEach(() => {
  vi.unstubAllGlobals();
});

const variant = (label: string, value: string): AbTest['variants'][number] => ({
  label,
  value,
  jobId: `0b1e0d7a-0000-4000-8000-00000000002${label === 'A' ? 1 : 2}`,
  status: 'Verzonden',
  recipients: 10,
  sent: 10,
  humanOpens: 4,
  clicks: 1,
  unsubscribed: 0,
  bounces: 0,
});
const waitingTest: AbTest = {
  id: '0b1e0d7a-0000-4000-8000-000000000030',
  parentJobId: '0b1e0d7a-0000-4000-8000-000000000031',
  publicationId: '0b1e0d7a-0000-4000-8000-000000000032',
  field: 'subject',
  sharePercent: 20,
  waitHours: 4,
  decideBy: 'humanOpens',
  state: 'Wacht op keuze',
  decideAt: '2026-11-29T16:00:00.000Z',
  winner: null,
  decisionReason: null,
  decidedAt: null,
  remainderJobId: null,
  remainderRecipients: 80,
  remainderSent: 0,
  variants: [variant('A', 'Nieuws uit de wijk'), variant('B', 'Wat er speelt')],
};

describe("an A/B test's decision as the role allows", { timeout: 60_000 }, () => {
  const decisions = ['Nu beslissen', 'Kies A', 'Kies B'];

  it('shows a Lezer no decision', async () => {
    await renderWithRole(<AbTestComparison test={waitingTest} />, 'reader');
    await screen.findByText('Wat er speelt');
    for (const name of decisions) expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('shows a Redacteur the decisions disabled with the reason', async () => {
    await renderWithRole(<AbTestComparison test={waitingTest} />, 'editor');
    for (const name of decisions) {
      const button = await screen.findByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Alleen een Verzender of Beheerder kan de winnaar kiezen.');
    }
  });

  it('asks before a chosen winner goes to the rest, and sends nothing when that is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch(() => jsonAnswer({}));
    await renderWithRole(<AbTestComparison test={waitingTest} />, 'administrator');
    await user.click(await screen.findByRole('button', { name: 'Kies B' }));

    const dialog = await screen.findByRole('dialog', { name: 'Variant B naar de rest sturen?' });
    expect(dialog).toHaveTextContent(
      'Variant B gaat meteen naar de overige 80 ontvangers. Dit kun je niet terugdraaien.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Kies B' }));
    const again = await screen.findByRole('dialog', { name: 'Variant B naar de rest sturen?' });
    await user.click(within(again).getByRole('button', { name: 'Kies B' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.path).toBe(
      `/api/1/${testEnvironmentId}/deliveryjobs/${waitingTest.parentJobId}/abtest/winner`,
    );
    expect(post.json()).toEqual({ winner: 'B' });
  });

  it('gives a Beheerder the decisions', async () => {
    await renderWithRole(<AbTestComparison test={waitingTest} />, 'administrator');
    for (const name of decisions) {
      const button = await screen.findByRole('button', { name });
      expect(button).not.toHaveAttribute('aria-disabled');
      expect(button).toBeEnabled();
    }
  });
});

const sender: SenderSettings = {
  id: 'sender',
  senderName: null,
  senderAddress: 'nieuws@zuiderveen.example',
  replyToAddress: null,
  from: 'nieuws@zuiderveen.example',
  readiness: null,
  catcher: false,
  domain: { domain: 'zuiderveen.example', verified: false, checkedAt: null, records: [] },
};

describe('settings pieces as the role allows', { timeout: 60_000 }, () => {
  it.each([
    ['Lezer', 'reader', false],
    ['Verzender', 'sender', false],
    ['Beheerder', 'administrator', true],
  ] as const)("shows a %s the domain's check and key rotation: %s", async (_, role, shown) => {
    await renderWithRole(<SendingDomainRecords record={sender} />, role satisfies MemberRoleName);
    await screen.findByText('Niet gecontroleerd', { exact: true });
    for (const name of ['Controleren', 'Nieuwe sleutel maken'])
      expect(screen.queryByRole('button', { name }) !== null, name).toBe(shown);
  });

  it.each([
    ['Lezer', 'reader', false],
    ['Redacteur', 'editor', true],
  ] as const)("shows a %s the publication's 'Meten' change: %s", async (_, role, shown) => {
    await renderWithRole(
      <MeasuringSetting
        publicationId="publication-1"
        measuring={{ own: null, mode: 'Alleen totalen', environmentMode: 'Alleen totalen', legalBasis: null }}
      />,
      role,
    );
    await screen.findByText(/Meten voor deze publicatie/);
    expect(screen.queryByRole('button', { name: 'Aanpassen' }) !== null).toBe(shown);
  });
});
