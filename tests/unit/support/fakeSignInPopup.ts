import { vi } from 'vitest';

interface FakePopupOptions {
  /** The browser refuses the popup (window.open answers null). */
  blocked?: boolean;
  /** The user closes the popup on the provider's sign-in page. */
  closedByUser?: boolean;
  /** What the provider appends to the redirect URI. */
  answer?: string;
}

/**
 * Stands in for the popup window the console opens (jsdom has no windows): `window.open` answers a
 * fake popup that, once sent to the provider, shows the provider's own sign-in page on this origin
 * and then comes back to '/' with the answer, as the embedded provider does.
 */
export function installFakeSignInPopup({
  blocked = false,
  closedByUser = false,
  answer = '#code=c0de&state=st4te',
}: FakePopupOptions = {}) {
  const origin = window.location.origin;
  const visited: string[] = [];
  const popup = {
    name: '',
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: createLocation('about:blank'),
  };

  function navigate(url: string) {
    visited.push(url);
    popup.location = createLocation(url);
  }

  function createLocation(url: string) {
    const parsed = url === 'about:blank' ? undefined : new URL(url, origin);
    return {
      get href() {
        return parsed?.href ?? 'about:blank';
      },
      set href(next: string) {
        navigate(next);
        // The provider's sign-in page first (same origin, no answer yet), then the way back.
        setTimeout(() => navigate(`${origin}/oidc/interaction/abc`), 150);
        setTimeout(() => (closedByUser ? popup.close() : navigate(`${origin}/${answer}`)), 350);
      },
      origin: parsed?.origin ?? 'null',
      pathname: parsed?.pathname ?? 'blank',
      hash: parsed?.hash ?? '',
      search: parsed?.search ?? '',
    };
  }

  const open = vi.spyOn(window, 'open').mockImplementation((_url, name) => {
    if (blocked) return null;
    popup.name = String(name);
    return popup as unknown as Window;
  });
  return { popup, open, visited };
}
