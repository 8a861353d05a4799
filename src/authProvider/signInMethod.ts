import type { SignInType } from './session';

/** The layout's phone breakpoint (MUI `md` = 900 px): below it the menu slides in and sign-in redirects. */
export const phoneMediaQuery = '(max-width: 899px)';

/** The "Mobi" token every mainstream phone browser puts in its user agent (MDN's advice for phone detection). */
const phoneUserAgent = /Mobi|Android|iPhone|iPod/i;

/**
 * Popup on desktop, redirect on phones (spec §1). Phone browsers open a popup as a new tab, often block
 * it and may lose the link to the opener, so a full-page redirect is the reliable choice there. The
 * narrow-viewport query keeps the sign-in method in step with the layout the user sees; the user agent
 * also catches phones held in landscape, whose viewport can be wider than the breakpoint.
 */
export function chooseSignInMethod(view: Pick<Window, 'matchMedia' | 'navigator'> = window): SignInType {
  const narrow = view.matchMedia(phoneMediaQuery).matches;
  return narrow || phoneUserAgent.test(view.navigator.userAgent) ? 'redirect' : 'popup';
}
