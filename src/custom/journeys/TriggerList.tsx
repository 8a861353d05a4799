import type { JourneyGraph, JourneyTrigger } from '@contract/journeys';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { AddControl } from './AddControl';
import { triggerKindsUi } from './kindLabels';
import { translatedOptions } from './OptionSelect';
import { TriggerEditor } from './TriggerEditor';

/** The contract's limit of triggers per journey. */
const maxTriggers = 3;

/** The 'Triggers' card: each trigger's editor, and 'Trigger toevoegen' while fewer than three. */
export function TriggerList({
  graph,
  journeyId,
  active,
  edit,
}: {
  graph: JourneyGraph;
  journeyId: string;
  active: boolean;
  edit(graph: JourneyGraph): void;
}) {
  const translate = useTranslate();
  const kinds = translatedOptions(
    translate,
    Object.fromEntries(Object.entries(triggerKindsUi).map(([kind, ui]) => [kind, ui.label])),
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          {translate('app.journeys.editor.triggers')}
        </Typography>
        <Stack spacing={2}>
          {graph.triggers.map((trigger, index) => (
            <TriggerEditor
              key={index}
              trigger={trigger}
              number={index + 1}
              journeyId={journeyId}
              active={active}
              onChange={(changed) =>
                edit({ ...graph, triggers: graph.triggers.map((t, i) => (i === index ? changed : t)) })
              }
              onRemove={() => edit({ ...graph, triggers: graph.triggers.filter((_, i) => i !== index) })}
            />
          ))}
          {graph.triggers.length < maxTriggers && (
            <AddControl
              label={translate('app.journeys.editor.add_trigger')}
              kindLabel={translate('app.journeys.editor.kind_of_trigger')}
              kinds={kinds}
              onAdd={(kind) =>
                edit({
                  ...graph,
                  triggers: [...graph.triggers, triggerKindsUi[kind as JourneyTrigger['kind']].create()],
                })
              }
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
