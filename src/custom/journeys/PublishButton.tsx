import type { ApprovalRequest } from '@contract/approval';
import type { Journey } from '@contract/journeys';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
import { DeniedButton } from '../../declarative/DeniedButton';
import { useCallAccess } from '../../declarative/useDeclaredAccess';

/**
 * 'Activeren' (a concept) or 'Publiceren' (the edits of a running journey), after the one confirmation:
 * from then on the journey sends mail to real people. `publish` saves unsaved edits first. While
 * 'Goedkeuring' covers journeys it asks approval instead (open to a Redacteur too) and goes to the
 * request's page. Without that a Redacteur sees it disabled with the reason; a Lezer does not see it.
 */
export function PublishButton({
  journey,
  publish,
  onPublished,
  onRefused,
}: {
  journey: Journey;
  /** Publishes, or answers the approval request it made. */
  publish(): Promise<ApprovalRequest | undefined>;
  onPublished(): void;
  /** A refusal shows on the page, beside what was typed. */
  onRefused(error: unknown): void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const asked = useRef<ApprovalRequest | undefined>(undefined);
  const concept = journey.state === 'Concept';
  const asks = journey.publishNeedsApproval;
  const access = useCallAccess('journeys', asks ? 'requestApproval' : 'publish', {
    reason: 'app.journeys.states.publish_denied',
  });
  const text = translate(concept ? 'app.journeys.states.activate' : 'app.journeys.states.publish');
  if (!access.shown) return null;
  if (access.deniedReason)
    return <DeniedButton variant="contained" text={text} reason={access.deniedReason} />;
  return (
    <>
      <Button variant="contained" onClick={() => setConfirming(true)}>
        {text}
      </Button>
      <ConfirmedRun
        isOpen={confirming}
        title={concept ? 'app.journeys.states.activate_title' : 'app.journeys.states.publish_title'}
        content={
          asks
            ? 'app.journeys.states.ask_approval_content'
            : concept
              ? 'app.journeys.states.activate_content'
              : 'app.journeys.states.publish_content'
        }
        confirm={
          asks
            ? 'app.journeys.states.ask_approval'
            : concept
              ? 'app.journeys.states.activate'
              : 'app.journeys.states.publish'
        }
        translateOptions={{ name: journey.name }}
        confirmIcon={<SendIcon />}
        run={async () => {
          asked.current = await publish();
        }}
        onDone={() => {
          onPublished();
          if (asked.current) navigate(`/approvals/${asked.current.id}`);
        }}
        successMessage={
          asks
            ? 'app.journeys.states.approval_asked'
            : concept
              ? 'app.journeys.states.activated'
              : 'app.journeys.states.published'
        }
        onFailure={(error) => {
          onRefused(error);
          return true;
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
