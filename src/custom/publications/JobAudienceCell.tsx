import type { DeliveryJob, ParticipantGroup } from '@contract/publications';
import { useTranslate } from 'react-admin';

/** The deliver panel's name of each 'Deelnemers - …' group. */
const groupLabels: Record<ParticipantGroup, string> = {
  accepted: 'app.deliver.rsvp_audience',
  noAnswer: 'app.deliver.rsvp_no_answer_audience',
  waiting: 'app.deliver.rsvp_waiting_audience',
};

/** The audience of a job: its name, or the 'Deelnemers - …' group of invitees it went to. */
export function JobAudienceCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  const group = job.participantGroup ?? (job.SendToOnlyAcceptedRsvp ? 'accepted' : null);
  if (group) {
    const participants = translate(groupLabels[group]);
    return <>{job.audienceName ? `${job.audienceName} (${participants})` : participants}</>;
  }
  return <>{job.audienceName ?? ''}</>;
}
