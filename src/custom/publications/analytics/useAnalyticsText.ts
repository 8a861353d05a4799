import { useTranslate } from 'react-admin';

/** The analytics page's texts by their short name ('opens'), under `app.publications.analytics`. */
export function useAnalyticsText(): (name: string, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return (name, options) => translate(`app.publications.analytics.${name}`, options);
}
