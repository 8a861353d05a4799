/** How long after the event an invitee's link still opens (afterwards it is like a forged one). */
export const tokenLifetimeAfterEventMs = 30 * 24 * 60 * 60 * 1000;

/** Answers are taken until the deadline, or until the event starts when it has none. */
export function answersClosed(event: { deadline: Date | null; startsAt: Date }, now: Date): boolean {
  return now.getTime() >= (event.deadline ?? event.startsAt).getTime();
}

/** A link is dead 30 days after the event. */
export function linkExpired(event: { endsAt: Date }, now: Date): boolean {
  return now.getTime() > event.endsAt.getTime() + tokenLifetimeAfterEventMs;
}
