import type { Journey } from '@contract/journeys';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';

/**
 * 'Activeren' (a concept) or 'Publiceren' (the edits of a running journey), after the one confirmation:
 * from then on the journey sends mail to real people. `publish` saves unsaved edits first.
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
  return (
    <>
      <Button variant="contained" onClick={() => setConfirming(true)}>
        {translate(concept ? 'app.journeys.states.activate' : 'app.journeys.states.publish')}
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
