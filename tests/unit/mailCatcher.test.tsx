import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../src/authProvider/session';
import { splitAddresses, validateTestSendAddresses } from '../../src/custom/publications/testSendAddresses';
import { Menu } from '../../src/layout/Menu';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { embeddedInfo, signInSession, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

beforeEach(() => {
  setViewport(1366);
  installDemoPlatform();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the menu's 'Verzonden berichten'", () => {
  it('appears when the environment info says the server keeps sent mail in its catcher', async () => {
    signInSession([zuiderveen]);
    expect(readSession().mailCatcher).toBeUndefined();
    Object.assign(embeddedInfo, { mailCatcher: true });
    try {
      await renderInConsole(<Menu />);
      const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
      expect(await within(navigation).findByRole('link', { name: 'Verzonden berichten' })).toHaveAttribute(
        'href',
        '/mail',
      );
    } finally {
      delete (embeddedInfo as { mailCatcher?: boolean }).mailCatcher;
    }
  });

  it('is absent without the catcher', async () => {
    signInSession([zuiderveen], { mailCatcher: false });
    await renderInConsole(<Menu />);
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(screen.queryByRole('link', { name: 'Verzonden berichten' })).toBeNull();
  });
});

describe('test send addresses', () => {
  it('are split on lines, commas, semicolons and spaces', () => {
    expect(splitAddresses(' a@x.nl,b@x.nl;\nc@x.nl  d@x.nl \n\n')).toEqual([
      'a@x.nl',
      'b@x.nl',
      'c@x.nl',
      'd@x.nl',
    ]);
  });

  it('are refused empty, more than ten, or with a bad one, naming it', () => {
    expect(validateTestSendAddresses('  ')).toBe('app.test_send.addresses_required');
    const eleven = Array.from({ length: 11 }, (_, index) => `p${index}@voorbeeld.nl`).join('\n');
    expect(validateTestSendAddresses(eleven)).toEqual({
      message: 'app.test_send.too_many',
      args: { max: 10 },
    });
    expect(validateTestSendAddresses('goed@voorbeeld.nl, fout@')).toEqual({
      message: 'app.test_send.invalid_address',
      args: { address: 'fout@' },
    });
    expect(validateTestSendAddresses('goed@voorbeeld.nl\nook.goed@voorbeeld.nl')).toBeUndefined();
  });
});
