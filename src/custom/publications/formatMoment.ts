/** A job's moment as the console shows it: '25 nov 2026, 16:30'. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('nl-NL', { dateStyle: 'medium', timeStyle: 'short' });
}
