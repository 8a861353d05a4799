import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Moves keyboard focus to the page's heading (the h1 of the page bar) when a new page opens: after
 * signing in, after opening a card or a row, after sending. Without it focus stays on a link that is gone
 * and falls back to the top of the document, and a screen reader does not say where the user landed.
 * The heading is filled by the page (react-admin's `<Title>`): focus waits until it has text.
 */
export function useFocusHeadingOnNavigation(headingId: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const heading = document.getElementById(headingId);
    if (!heading) return;
    const focusWhenNamed = (): boolean => {
      if (!heading.textContent?.trim()) return false;
      // A panel or dialog that opened with the page keeps its focus.
      if (document.activeElement?.closest('[role="dialog"]')) return true;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusWhenNamed()) return;
    const observer = new MutationObserver(() => {
      if (focusWhenNamed()) observer.disconnect();
    });
    observer.observe(heading, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [headingId, pathname]);
}
