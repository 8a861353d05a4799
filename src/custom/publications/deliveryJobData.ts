import type { CreateDeliveryJobBody } from '@contract/publications';

/**
 * The audience picker's special option 'Deelnemers - RsvP die komen': the publication's participants
 * who accepted its RSVP instead of an audience. The job is then sent without an audience
 * (`audienceId: null`) and with `SendToOnlyAcceptedRsvp: true`.
 */
export const rsvpAudienceChoice = 'rsvp-accepted';

/** What the deliver form holds; `audienceId` is an audience id or `rsvpAudienceChoice`. */
export interface DeliverFormValues {
  publicationTemplateId?: string | null;
  audienceId?: string | null;
  ignoreRsvp?: boolean;
  /** The moment to send (the date-time input's value); empty sends at once. */
  scheduledAt?: string | null;
}

/** The body of POST /deliveryjobs for a validated deliver form. */
export function deliveryJobData(
  publicationId: string,
  title: string,
  values: DeliverFormValues,
): CreateDeliveryJobBody {
  const toAcceptedRsvp = values.audienceId === rsvpAudienceChoice;
  return {
    publicationId,
    title,
    publicationTemplateId: values.publicationTemplateId ?? '',
    audienceId: toAcceptedRsvp ? null : (values.audienceId ?? null),
    ignoreRsvp: values.ignoreRsvp ?? false,
    SendToOnlyAcceptedRsvp: toAcceptedRsvp,
    ...(values.scheduledAt ? { scheduledAt: new Date(values.scheduledAt).toISOString() } : {}),
  };
}
