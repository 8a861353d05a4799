// When a form takes answers: until it is closed by hand (`is_closed`) or its closing moment
// (`closes_at`) has passed. The public page and the submission ask with the same moment, `now`.

/** Whether a form is closed at `now`, and since when when it closed at its set moment. */
export function formClosure(
  flow: { isClosed: boolean; closesAt: Date | null },
  now: Date,
): { closed: boolean; closedSince: Date | null } {
  if (flow.closesAt && flow.closesAt.getTime() <= now.getTime()) {
    return { closed: true, closedSince: flow.closesAt };
  }
  return { closed: flow.isClosed, closedSince: null };
}

const dutchMoment = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // The forms are Dutch: their moments are read in the Netherlands' time.
  timeZone: 'Europe/Amsterdam',
});

/** A closing moment in Dutch, e.g. 'vrijdag 14 maart 2025 om 17:00'. */
export function formatClosingMoment(moment: Date): string {
  return dutchMoment.format(moment);
}
