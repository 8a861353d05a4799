import type { DeliveryJob } from '@contract/publications';
import { useTranslate } from 'react-admin';

/** The audience of a job: its name, or 'Deelnemers - RsvP die komen' for a job to accepted RSVPs. */
export function JobAudienceCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  if (job.SendToOnlyAcceptedRsvp) {
    const rsvp = translate('app.deliver.rsvp_audience');
    return <>{job.audienceName ? `${job.audienceName} (${rsvp})` : rsvp}</>;
  }
  return <>{job.audienceName ?? ''}</>;
}
