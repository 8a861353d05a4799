/** A moment as the Logboek writes it in a detail: Amsterdam time, to the minute (2026-12-01 10:00). */
const momentFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'short',
  timeStyle: 'short',
});

export function logMoment(moment: Date): string {
  return momentFormat.format(moment);
}
