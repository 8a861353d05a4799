import type { CreateDeliveryJobBody, ParticipantGroup } from '@contract/publications';
import { abTestDefaults, abTestSetup, type AbTestFormValues } from '../abTests/abTestForm';

/**
 * The audience picker's special options 'Deelnemers - …': a group of the publication's invitees instead
 * of an audience. The job is then sent without an audience (`audienceId: null`); 'Deelnemers - RsvP die
 * komen' as the spec's `SendToOnlyAcceptedRsvp: true`, the other groups as `participantGroup`.
 */
export const participantChoices: Record<ParticipantGroup, string> = {
  accepted: 'rsvp-accepted',
  noAnswer: 'rsvp-noAnswer',
  waiting: 'rsvp-waiting',
};

/** The participant group an option of the audience picker stands for, or null for an audience. */
export function participantGroupOf(choice: string | null | undefined): ParticipantGroup | null {
  const entry = Object.entries(participantChoices).find(([, id]) => id === choice);
  return entry ? (entry[0] as ParticipantGroup) : null;
}

/** What the deliver form holds; `audienceId` is an audience id or one of `participantChoices`. */
export interface DeliverFormValues {
  publicationTemplateId?: string | null;
  audienceId?: string | null;
  ignoreRsvp?: boolean;
  /** The moment to send (the date-time input's value); empty sends at once. */
  scheduledAt?: string | null;
  /** An A/B test of the delivery (custom/abTests). */
  abTest?: AbTestFormValues;
}

/** The deliver form's values when it opens (panel and page). */
export const deliverFormDefaults = {
  publicationTemplateId: null,
  audienceId: null,
  ignoreRsvp: false,
  abTest: abTestDefaults,
};

/** The body of POST /deliveryjobs for a validated deliver form. */
export function deliveryJobData(
  publicationId: string,
  title: string,
  values: DeliverFormValues,
): CreateDeliveryJobBody {
  const group = participantGroupOf(values.audienceId);
  const abTest = abTestSetup(values.abTest);
  return {
    publicationId,
    title,
    publicationTemplateId: values.publicationTemplateId ?? '',
    audienceId: group ? null : (values.audienceId ?? null),
    ignoreRsvp: values.ignoreRsvp ?? false,
    SendToOnlyAcceptedRsvp: group === 'accepted',
    ...(group && group !== 'accepted' ? { participantGroup: group } : {}),
    ...(values.scheduledAt ? { scheduledAt: new Date(values.scheduledAt).toISOString() } : {}),
    ...(abTest ? { abTest } : {}),
  };
}
