import { useEffect } from 'react';

/**
 * Links the given web font stylesheets into the page while the caller is shown, so a preview is set in
 * the real font. Each is linked once (`data-web-font` marks them), and removed again on leaving.
 */
export function useWebFontStylesheets(hrefs: readonly string[]): void {
  const key = [...new Set(hrefs)].sort().join('\n');
  useEffect(() => {
    const links = key
      .split('\n')
      .filter(Boolean)
      .filter((href) => !document.head.querySelector(`link[data-web-font="${CSS.escape(href)}"]`))
      .map((href) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.webFont = href;
        // Another site's stylesheet: it learns nothing of the console's addresses.
        link.referrerPolicy = 'no-referrer';
        document.head.append(link);
        return link;
      });
    return () => {
      for (const link of links) link.remove();
    };
  }, [key]);
}
