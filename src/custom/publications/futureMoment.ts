/**
 * The server's grace for 'now' (server/src/publications/deliveryJobs.ts): the date-time input has whole
 * minutes, so the current minute, picked a few seconds into it, still counts.
 */
const pastGraceMs = 60 * 1000;

/**
 * react-admin validator of a planned moment: empty (send at once) or in the future, else the server's
 * own message 'Kies een moment in de toekomst'.
 */
export function validateFutureMoment(value: unknown, _values?: unknown, _props?: unknown, now = new Date()) {
  if (value === null || value === undefined || value === '') return undefined;
  const moment = new Date(String(value));
  if (Number.isNaN(moment.getTime())) return undefined;
  return moment.getTime() < now.getTime() - pastGraceMs ? 'app.deliver.future_required' : undefined;
}
