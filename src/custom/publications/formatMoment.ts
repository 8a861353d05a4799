import { formatDateTime } from '../../i18n/dateFormat';

/** A job's moment as the console shows it, in Dutch time: '25 nov 2026, 16:30'. */
export function formatMoment(iso: string): string {
  return formatDateTime(iso);
}
