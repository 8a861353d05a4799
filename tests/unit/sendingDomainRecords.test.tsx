import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SenderSettings } from '../../server/src/contract/sending';
import { SendingDomainRecords } from '../../src/custom/sending/SendingDomainRecords';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { signInSession, zuiderveen } from './support/signedInSession';

// The domain's chip says what the last check found: checked and wrong is not 'Niet gecontroleerd'.

const settings = (domain: Partial<NonNullable<SenderSettings['domain']>>): SenderSettings => ({
  id: 'sender',
  senderName: null,
  senderAddress: 'nieuws@zuiderveen.example',
  replyToAddress: null,
  from: 'nieuws@zuiderveen.example',
  readiness: null,
  catcher: false,
  domain: { domain: 'zuiderveen.example', verified: false, checkedAt: null, records: [], ...domain },
});

beforeEach(() => {
  signInSession([zuiderveen]);
  installDemoPlatform();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sending domain chip', () => {
  it.each([
    [{}, 'Niet gecontroleerd'],
    [{ checkedAt: '2026-11-29T03:00:00.000Z' }, 'Gecontroleerd: nog niet in orde'],
    [{ checkedAt: '2026-11-29T03:00:00.000Z', verified: true }, 'Gecontroleerd'],
  ])('shows %j as %s', async (domain, label) => {
    await renderInConsole(<SendingDomainRecords record={settings(domain)} />, { path: '/settings/domain' });
    expect(await screen.findByText(label, { exact: true })).toBeInTheDocument();
  });
});
