import type { JourneyTrigger } from '@contract/journeys';
import { rsvpAnswers } from '@contract/journeys';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { EditorTextField as TextField } from './journeyEditable';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { FormAnswerInputs } from './FormAnswerInputs';
import { triggerKindsUi } from './kindLabels';
import { ManualStart } from './ManualStart';
import { useJourneyEditable } from './journeyEditable';
import { OptionSelect } from './OptionSelect';
import { useOptions } from './useOptions';

const dateModes = ['before', 'on', 'after', 'yearly'] as const;

/** One trigger: its kind's inputs and 'Verwijderen'. */
export function TriggerEditor({
  trigger,
  number,
  journeyId,
  active,
  onChange,
  onRemove,
}: {
  trigger: JourneyTrigger;
  number: number;
  journeyId: string;
  active: boolean;
  onChange(trigger: JourneyTrigger): void;
  onRemove(): void;
}) {
  const translate = useTranslate();
  const editable = useJourneyEditable();
  const lists = useOptions('lists', 'title', { isDeleted: false });
  const publications = useOptions('publications', 'name', {}, trigger.kind === 'rsvpAnswered');
  const title = translate('app.journeys.editor.trigger_title', {
    number,
    kind: translate(triggerKindsUi[trigger.kind].label),
  });
  const listSelect = (listId: string, change: (listId: string) => void) => (
    <OptionSelect
      label={translate('app.journeys.inputs.list')}
      value={listId}
      options={lists}
      onChange={change}
    />
  );
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h4" variant="subtitle1">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} flexWrap="wrap" alignItems="center" useFlexGap sx={{ mt: 1 }}>
        {trigger.kind === 'addedToList' && (
          <>
            {listSelect(trigger.listId, (listId) => onChange({ ...trigger, listId }))}
            <FormControlLabel
              control={
                <Checkbox
                  checked={trigger.includeImports}
                  disabled={!editable}
                  onChange={(event) => onChange({ ...trigger, includeImports: event.target.checked })}
                />
              }
              label={translate('app.journeys.inputs.include_imports')}
            />
          </>
        )}
        {trigger.kind === 'formAnswered' && (
          <FormAnswerInputs
            optional
            value={trigger}
            onChange={(value) => onChange({ ...trigger, ...value })}
          />
        )}
        {trigger.kind === 'date' && (
          <>
            {listSelect(trigger.listId, (listId) => onChange({ ...trigger, listId }))}
            <OptionSelect
              label={translate('app.journeys.inputs.date_in')}
              value={String(trigger.attribute)}
              options={Array.from({ length: 9 }, (_, index) => ({
                id: String(index + 1),
                name: translate('app.journeys.inputs.date_label', { number: index + 1 }),
              }))}
              onChange={(attribute) => onChange({ ...trigger, attribute: Number(attribute) })}
            />
            <OptionSelect
              label={translate('app.journeys.inputs.when')}
              value={trigger.mode}
              options={dateModes.map((mode) => ({
                id: mode,
                name: translate(`app.journeys.inputs.when_${mode}`),
              }))}
              onChange={(mode) => onChange({ ...trigger, mode: mode as typeof trigger.mode })}
            />
            {(trigger.mode === 'before' || trigger.mode === 'after') && (
              <TextField
                size="small"
                type="number"
                label={translate('app.journeys.inputs.days')}
                value={trigger.days}
                onChange={(event) => onChange({ ...trigger, days: Math.max(0, Number(event.target.value)) })}
              />
            )}
            <TextField
              size="small"
              type="time"
              label={translate('app.journeys.inputs.at')}
              slotProps={{ inputLabel: { shrink: true } }}
              value={trigger.time}
              onChange={(event) => onChange({ ...trigger, time: event.target.value })}
            />
          </>
        )}
        {trigger.kind === 'rsvpAnswered' && (
          <>
            <OptionSelect
              label={translate('app.journeys.inputs.invitation')}
              value={trigger.publicationId}
              options={publications}
              onChange={(publicationId) => onChange({ ...trigger, publicationId })}
            />
            <OptionSelect
              label={translate('app.journeys.inputs.answer_optional')}
              value={trigger.answer ?? ''}
              options={[
                { id: '', name: translate('app.journeys.inputs.any_answer') },
                ...rsvpAnswers.map((answer) => ({ id: answer, name: answer })),
              ]}
              onChange={(answer) =>
                onChange({ ...trigger, answer: (answer || null) as typeof trigger.answer })
              }
            />
          </>
        )}
        {trigger.kind === 'manual' && <ManualStart journeyId={journeyId} active={active} />}
        {editable && (
          <Button
            color="error"
            onClick={onRemove}
            aria-label={translate('app.journeys.editor.remove_named', { name: title })}
          >
            {translate('app.journeys.editor.remove')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
