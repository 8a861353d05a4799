import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** The element react-admin's `<Title>` renders each page's title into (see PageHeader). */
export const pageTitleId = 'react-admin-title';

/**
 * Keeps the browser tab's title equal to the page's own title, 'Lijsten – Digitaal publicatie platform':
 * every page already names itself with react-admin's `<Title>`, so following that element gives every
 * route, declared or custom, its own document title without each page setting it.
 */
export function useDocumentTitle(): void {
  const translate = useTranslate();
  const appName = translate('app.name');

  useEffect(() => {
    const heading = document.getElementById(pageTitleId);
    if (!heading) return;
    const update = () => {
      const pageTitle = heading.textContent?.trim();
      document.title = pageTitle ? `${pageTitle} – ${appName}` : appName;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(heading, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = appName;
    };
  }, [appName]);
}
