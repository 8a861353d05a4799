import { describe, expect, it } from 'vitest';
import { isSignInPopupWindow } from '../../src/authProvider/signInPopupWindow';
import { chooseSignInMethod } from '../../src/authProvider/signInMethod';
import { setViewport } from './support/viewport';

const desktopAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const phoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function view(width: number, userAgent: string) {
  setViewport(width);
  return { matchMedia: window.matchMedia, navigator: { userAgent } as Navigator };
}

describe('popup or redirect', () => {
  it('signs in with a popup on a desktop viewport', () => {
    expect(chooseSignInMethod(view(1366, desktopAgent))).toBe('popup');
    expect(chooseSignInMethod(view(900, desktopAgent))).toBe('popup');
  });

  it('redirects below the 900 px phone breakpoint', () => {
    expect(chooseSignInMethod(view(390, desktopAgent))).toBe('redirect');
    expect(chooseSignInMethod(view(899, desktopAgent))).toBe('redirect');
  });

  it('redirects on a phone held in landscape, wider than the breakpoint', () => {
    expect(chooseSignInMethod(view(932, phoneAgent))).toBe('redirect');
  });
});

describe('sign-in popup window guard', () => {
  const opener = {} as Window;
  const popup = (search: string, hash = '', name = 'dpp.sign-in') => ({
    opener,
    name,
    location: { search, hash } as Location,
  });

  it("recognises the sign-in popup coming back with the provider's answer in the query or the hash", () => {
    expect(isSignInPopupWindow(popup('?code=abc&state=xyz'))).toBe(true);
    expect(isSignInPopupWindow(popup('', '#code=abc&state=xyz'))).toBe(true);
    expect(isSignInPopupWindow(popup('?error=access_denied&state=xyz'))).toBe(true);
  });

  it("recognises MSAL's own popups too", () => {
    expect(isSignInPopupWindow(popup('', '#code=abc&state=xyz', 'msal.popup.console.api'))).toBe(true);
  });

  it('starts the app in a normal tab, even with a code in the URL', () => {
    expect(
      isSignInPopupWindow({
        opener: null,
        name: '',
        location: { search: '?code=a&state=b', hash: '' } as Location,
      }),
    ).toBe(false);
  });

  it('starts the app in a window some other page opened', () => {
    expect(isSignInPopupWindow(popup('?code=abc&state=xyz', '', 'preview'))).toBe(false);
  });

  it('starts the app in an MSAL-named window without an answer', () => {
    expect(isSignInPopupWindow(popup(''))).toBe(false);
    expect(isSignInPopupWindow(popup('?code=abc'))).toBe(false);
  });
});
