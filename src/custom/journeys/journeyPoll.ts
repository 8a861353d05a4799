import type { Journey } from '@contract/journeys';
import type { PollDeclaration } from '../../declarative/pollDeclaration';

/**
 * While people are in the journey (moving through its steps on the server's ticker, every 5 s), its
 * page reads the journey and its step counts again, so 'Nu hier' follows them without a reload.
 */
export const journeyPoll: PollDeclaration<Journey> = {
  every: 5_000,
  while: (journey) => journey.activePeople > 0,
};
