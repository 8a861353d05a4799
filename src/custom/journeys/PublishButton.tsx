import type { Journey } from '@contract/journeys';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
import { DeniedButton } from '../../declarative/DeniedButton';
import { useCallAccess } from '../../declarative/useDeclaredAccess';

/**
 * 'Activeren' (a concept) or 'Publiceren' (the edits of a running journey), after the one confirmation:
 * from then on the journey sends mail to real people. `publish` saves unsaved edits first. A Redacteur
 * sees it disabled with the reason; a Lezer does not see it.
 */
export function PublishButton({
  journey,
  publish,
  onPublished,
  onRefused,
}: {
  journey: Journey;
  publish(): Promise<unknown>;
  onPublished(): void;
  /** A refusal shows on the page, beside what was typed. */
  onRefused(error: unknown): void;
}) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const concept = journey.state === 'Concept';
  const access = useCallAccess('journeys', 'publish', { reason: 'app.journeys.states.publish_denied' });
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
        content={concept ? 'app.journeys.states.activate_content' : 'app.journeys.states.publish_content'}
        confirm={concept ? 'app.journeys.states.activate' : 'app.journeys.states.publish'}
        translateOptions={{ name: journey.name }}
        run={publish}
        onDone={onPublished}
        successMessage={concept ? 'app.journeys.states.activated' : 'app.journeys.states.published'}
        onFailure={(error) => {
          onRefused(error);
          return true;
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
