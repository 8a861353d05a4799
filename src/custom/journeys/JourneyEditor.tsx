import type {
  Journey,
  JourneyGraph,
  JourneyStep,
  JourneyTrigger,
  StepCount,
  TimelineEntry,
} from '@contract/journeys';
import { personalMeasuringModes } from '@contract/analytics';
import { journeyFields, journeyOperators, rsvpAnswers, updatableFields } from '@contract/journeys';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { formatDateTime } from '../../i18n/dateFormat';
import { useMeasuring } from '../publications/analytics/useMeasuring';
import { insertStep, newStepId, removeStep, replaceStep, type Slot } from './graphEdits';
import {
  conditionKindsUi,
  fieldLabels,
  opensNote,
  operatorLabels,
  personalOnlyConditions,
  stepKindsUi,
  triggerKindsUi,
  weekdayLabels,
} from './kindLabels';
import { serverMessage } from '../../dataProvider/serverMessage';

// A journey's page: its triggers, a vertical list of steps (a condition's 'Ja' and 'Nee' indented below
// it; every control a labelled input or button, so keyboard and screen reader work without a canvas),
// each step with its counts, the settings, save/activate/pause/stop, and a person's timeline. What is
// typed stays in the page's state when a save fails.

type Option = { id: string; name: string };

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange(value: string): void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some((option) => option.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const entries = (labels: Record<string, string>, keys: readonly string[] = Object.keys(labels)): Option[] =>
  keys.map((id) => ({ id, name: labels[id] }));

function useOptions(
  resource: string,
  name: string,
  filter: Record<string, unknown> = {},
  enabled = true,
): Option[] {
  const { data = [] } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 250 }, sort: { field: name, order: 'ASC' }, filter },
    { enabled },
  );
  return data.map((record) => ({
    id: String(record.id),
    name: String((record as Record<string, unknown>)[name] ?? ''),
  }));
}

export function JourneyEditor({ record }: { record: Journey }) {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  // The edits not yet saved; none: the journey as the server has it (refreshed after every save).
  const [edited, setEdited] = useState<JourneyGraph>();
  const graph = edited ?? record.graph;
  const dirty = edited !== undefined;
  const [problem, setProblem] = useState<string>();
  const [moves, setMoves] = useState<Record<string, string>>({});
  // Under the 'journeys' key: every write of a journey (save, publish, 'Nu starten') makes it stale
  // at the data edge (withAfterSave), so the counts follow without a refresh here.
  const { data: counts = [] } = useQuery({
    queryKey: ['journeys', 'steps', record.id],
    queryFn: async (): Promise<StepCount[]> =>
      (await dataProvider.action('journeys', 'steps', { id: record.id })).data,
  });

  const edit = (next: JourneyGraph) => setEdited(next);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setProblem(undefined);
    try {
      await work();
      setEdited(undefined);
      notify(done, { type: 'success' });
    } catch (error) {
      setProblem(serverMessage(error, translate('ra.notification.http_error')));
    }
  };
  const save = () =>
    dataProvider.update('journeys', { id: record.id, data: { graph }, previousData: record });
  const publish = () =>
    run(
      async () => {
        if (dirty) await save();
        await dataProvider.action('journeys', 'publish', { id: record.id, data: { moves } });
      },
      record.state === 'Concept' ? 'De journey is geactiveerd.' : 'De wijzigingen zijn gepubliceerd.',
    );
  const stepIds = new Set(graph.steps.map((step) => step.id));
  const stranded = counts.filter((count) => count.now > 0 && !stepIds.has(count.stepId));
  const countOf = (id: string) => counts.find((count) => count.stepId === id);

  return (
    <Stack spacing={2}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography component="h3" variant="h6" gutterBottom>
            Triggers
          </Typography>
          <Stack spacing={2}>
            {graph.triggers.map((trigger, index) => (
              <TriggerEditor
                key={index}
                trigger={trigger}
                number={index + 1}
                journeyId={record.id}
                active={record.state === 'Actief'}
                onChange={(changed) =>
                  edit({ ...graph, triggers: graph.triggers.map((t, i) => (i === index ? changed : t)) })
                }
                onRemove={() => edit({ ...graph, triggers: graph.triggers.filter((_, i) => i !== index) })}
              />
            ))}
            {graph.triggers.length < 3 && (
              <AddControl
                label="Trigger toevoegen"
                kinds={entries(
                  Object.fromEntries(Object.entries(triggerKindsUi).map(([k, v]) => [k, v.label])),
                )}
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
      <Card variant="outlined">
        <CardContent>
          <Typography component="h3" variant="h6" gutterBottom>
            Stappen
          </Typography>
          <Chain graph={graph} from={graph.start} slot={{ at: 'start' }} edit={edit} countOf={countOf} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h3" variant="h6" gutterBottom>
            Instellingen
          </Typography>
          <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
            <Select
              label="Opnieuw instappen"
              value={graph.settings.reentry}
              options={[
                { id: 'off', name: 'Nooit' },
                { id: 'afterInterval', name: 'Na een minimale tussentijd' },
              ]}
              onChange={(reentry) =>
                edit({
                  ...graph,
                  settings: { ...graph.settings, reentry: reentry as 'off' | 'afterInterval' },
                })
              }
            />
            {graph.settings.reentry === 'afterInterval' && (
              <TextField
                size="small"
                type="number"
                label="Tussentijd in dagen"
                value={graph.settings.reentryMinutes / 1440}
                onChange={(event) =>
                  edit({
                    ...graph,
                    settings: {
                      ...graph.settings,
                      reentryMinutes: Math.max(0, Math.round(Number(event.target.value) * 1440)),
                    },
                  })
                }
              />
            )}
            <FormControlLabel
              control={
                <Checkbox
                  checked={graph.settings.exitWhenRemoved}
                  onChange={(event) =>
                    edit({ ...graph, settings: { ...graph.settings, exitWhenRemoved: event.target.checked } })
                  }
                />
              }
              label="Verlaten bij verwijderen uit de triggerlijst"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Wie zich uitschrijft, verlaat de journey altijd.
          </Typography>
        </CardContent>
      </Card>
      {stranded.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography component="h3" variant="h6" gutterBottom>
              Mensen op verwijderde stappen
            </Typography>
            {stranded.map((count) => (
              <Box key={count.stepId} sx={{ mb: 1 }}>
                <Select
                  label={`${count.now} op stap '${count.stepId}' gaan naar`}
                  value={moves[count.stepId] ?? ''}
                  options={graph.steps.map((step) => ({
                    id: step.id,
                    name: `${step.id}: ${stepKindsUi[step.kind].label}`,
                  }))}
                  onChange={(target) => setMoves({ ...moves, [count.stepId]: target })}
                />
              </Box>
            ))}
          </CardContent>
        </Card>
      )}
      <Stack direction="row" spacing={1} flexWrap="wrap">
        <Button
          variant="outlined"
          disabled={!dirty}
          onClick={() => void run(save, 'De journey is opgeslagen.')}
        >
          {record.state === 'Concept' ? 'Opslaan' : 'Concept opslaan'}
        </Button>
        {record.state !== 'Gestopt' && (
          <Button variant="contained" onClick={() => void publish()}>
            {record.state === 'Concept' ? 'Activeren' : 'Publiceren'}
          </Button>
        )}
        {record.state === 'Actief' && (
          <Button
            onClick={() =>
              void run(
                () => dataProvider.action('journeys', 'pause', { id: record.id }),
                'De journey is gepauzeerd.',
              )
            }
          >
            Pauzeren
          </Button>
        )}
        {record.state === 'Gepauzeerd' && (
          <Button
            onClick={() =>
              void run(
                () => dataProvider.action('journeys', 'resume', { id: record.id }),
                'De journey loopt weer.',
              )
            }
          >
            Hervatten
          </Button>
        )}
        {(record.state === 'Actief' || record.state === 'Gepauzeerd') && (
          <Button
            color="error"
            onClick={() =>
              void run(
                () => dataProvider.action('journeys', 'stop', { id: record.id }),
                'De journey is gestopt.',
              )
            }
          >
            Stoppen
          </Button>
        )}
      </Stack>
      <PersonTimeline journeyId={record.id} />
    </Stack>
  );
}

function AddControl({ label, kinds, onAdd }: { label: string; kinds: Option[]; onAdd(kind: string): void }) {
  const [kind, setKind] = useState(kinds[0]?.id ?? '');
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Select label={`Soort (${label.toLowerCase()})`} value={kind} options={kinds} onChange={setKind} />
      <Button onClick={() => onAdd(kind)}>{label}</Button>
    </Stack>
  );
}

function Chain(props: {
  graph: JourneyGraph;
  from: string | null;
  slot: Slot;
  edit(graph: JourneyGraph): void;
  countOf(id: string): StepCount | undefined;
}) {
  const { graph, edit } = props;
  const items: ReactNode[] = [];
  let id = props.from;
  let slot = props.slot;
  let last: JourneyStep | undefined;
  const seen = new Set<string>();
  while (id && !seen.has(id)) {
    seen.add(id);
    const step = graph.steps.find((candidate) => candidate.id === id);
    if (!step) break;
    last = step;
    items.push(
      <li key={step.id}>
        <StepCard
          step={step}
          count={props.countOf(step.id)}
          onChange={(changed) => edit(replaceStep(graph, changed))}
          onRemove={() => edit(removeStep(graph, step.id))}
        />
        {step.kind === 'condition' && (
          <Box sx={{ pl: 4, borderLeft: 2, borderColor: 'divider', ml: 2 }}>
            <Typography component="h4" variant="subtitle2">
              Ja
            </Typography>
            <Chain {...props} from={step.yes} slot={{ at: 'yes', stepId: step.id }} />
            <Typography component="h4" variant="subtitle2">
              Nee
            </Typography>
            <Chain {...props} from={step.no} slot={{ at: 'no', stepId: step.id }} />
          </Box>
        )}
      </li>,
    );
    if (step.kind === 'condition' || step.kind === 'end') break;
    slot = { at: 'next', stepId: step.id };
    id = step.next ?? null;
  }
  const kinds = entries(Object.fromEntries(Object.entries(stepKindsUi).map(([k, v]) => [k, v.label])));
  return (
    <Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items}
      </Box>
      {last?.kind !== 'condition' && last?.kind !== 'end' && (
        <AddControl
          label="Stap toevoegen"
          kinds={kinds}
          onAdd={(kind) =>
            edit(insertStep(graph, slot, stepKindsUi[kind as JourneyStep['kind']].create(newStepId(graph))))
          }
        />
      )}
    </Box>
  );
}

function StepCard({
  step,
  count,
  onChange,
  onRemove,
}: {
  step: JourneyStep;
  count?: StepCount;
  onChange(step: JourneyStep): void;
  onRemove(): void;
}) {
  const title = `${stepKindsUi[step.kind].label} (${step.id})`;
  return (
    <Card variant="outlined" sx={{ my: 1 }} component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
          <Typography component="h4" variant="subtitle1">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Nu hier: {count?.now ?? 0} · Gepasseerd: {count?.passed ?? 0} · Fouten: {count?.errors ?? 0}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={2} flexWrap="wrap" sx={{ mt: 1 }} useFlexGap>
          <StepInputs step={step} onChange={onChange} />
          <Button color="error" onClick={onRemove} aria-label={`${title} verwijderen`}>
            Verwijderen
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function StepInputs({ step, onChange }: { step: JourneyStep; onChange(step: JourneyStep): void }) {
  const lists = useOptions('lists', 'title', { isDeleted: false });
  const publications = useOptions(
    'publications',
    'name',
    {},
    step.kind === 'send' || step.kind === 'condition',
  );
  // The environment's measuring mode (every publication's is at most as personal), read via any publication.
  const measuring = useMeasuring(
    publications[0]?.id ?? '',
    step.kind === 'condition' && publications.length > 0,
  );
  const personal = measuring.data ? personalMeasuringModes.includes(measuring.data.environmentMode) : false;
  const { data: types = [] } = useGetList(
    'publicationTypes',
    { pagination: { page: 1, perPage: 250 } },
    { enabled: step.kind === 'send' },
  );
  switch (step.kind) {
    case 'send': {
      const templates = types.flatMap((type) =>
        (type.templates as Option[]).map((template) => ({
          id: template.id,
          name: `${type.name}: ${template.name}`,
        })),
      );
      return (
        <>
          <Select
            label="Publicatie"
            value={step.publicationId}
            options={publications}
            onChange={(publicationId) => onChange({ ...step, publicationId })}
          />
          <Select
            label="Template"
            value={step.templateId}
            options={templates}
            onChange={(templateId) => onChange({ ...step, templateId })}
          />
        </>
      );
    }
    case 'wait': {
      const wait = step.wait;
      return (
        <>
          <Select
            label="Wacht"
            value={wait.type}
            options={[
              { id: 'duration', name: 'Een tijd' },
              { id: 'untilDate', name: 'Tot een datum' },
              { id: 'untilWeekday', name: 'Tot een weekdag en uur' },
            ]}
            onChange={(type) =>
              onChange({
                ...step,
                wait:
                  type === 'duration'
                    ? { type, minutes: 1440 }
                    : type === 'untilDate'
                      ? { type, at: new Date().toISOString() }
                      : { type: 'untilWeekday', weekday: 1, time: '09:00' },
              })
            }
          />
          {wait.type === 'duration' && (
            <>
              <TextField
                size="small"
                type="number"
                label="Dagen"
                value={Math.floor(wait.minutes / 1440)}
                onChange={(event) =>
                  onChange({
                    ...step,
                    wait: {
                      type: 'duration',
                      minutes: Math.max(1, Number(event.target.value) * 1440 + (wait.minutes % 1440)),
                    },
                  })
                }
              />
              <TextField
                size="small"
                type="number"
                label="Uren"
                value={Math.floor((wait.minutes % 1440) / 60)}
                onChange={(event) =>
                  onChange({
                    ...step,
                    wait: {
                      type: 'duration',
                      minutes: Math.max(
                        1,
                        Math.floor(wait.minutes / 1440) * 1440 + Number(event.target.value) * 60,
                      ),
                    },
                  })
                }
              />
            </>
          )}
          {wait.type === 'untilDate' && (
            <TextField
              size="small"
              type="datetime-local"
              label="Tot"
              slotProps={{ inputLabel: { shrink: true } }}
              defaultValue={wait.at.slice(0, 16)}
              onChange={(event) =>
                event.target.value &&
                onChange({
                  ...step,
                  wait: { type: 'untilDate', at: new Date(event.target.value).toISOString() },
                })
              }
            />
          )}
          {wait.type === 'untilWeekday' && (
            <>
              <Select
                label="Weekdag"
                value={String(wait.weekday)}
                options={weekdayLabels.map((name, index) => ({ id: String(index + 1), name }))}
                onChange={(weekday) => onChange({ ...step, wait: { ...wait, weekday: Number(weekday) } })}
              />
              <TextField
                size="small"
                type="time"
                label="Uur"
                slotProps={{ inputLabel: { shrink: true } }}
                value={wait.time}
                onChange={(event) => onChange({ ...step, wait: { ...wait, time: event.target.value } })}
              />
            </>
          )}
        </>
      );
    }
    case 'condition': {
      const condition = step.condition;
      return (
        <>
          <Select
            label="Voorwaarde op"
            value={condition.kind}
            options={entries(
              Object.fromEntries(
                Object.entries(conditionKindsUi)
                  .filter(
                    ([k]) =>
                      personal || k === condition.kind || !personalOnlyConditions.has(k as 'clickedIn'),
                  )
                  .map(([k, v]) => [k, v.label]),
              ),
            )}
            onChange={(kind) => onChange({ ...step, condition: conditionKindsUi[kind as 'field'].create() })}
          />
          {condition.kind === 'field' && (
            <>
              <Select
                label="Veld"
                value={condition.field}
                options={entries(fieldLabels, journeyFields)}
                onChange={(field) =>
                  onChange({ ...step, condition: { ...condition, field: field as typeof condition.field } })
                }
              />
              <Select
                label="Operator"
                value={condition.operator}
                options={entries(operatorLabels, journeyOperators)}
                onChange={(operator) =>
                  onChange({
                    ...step,
                    condition: { ...condition, operator: operator as typeof condition.operator },
                  })
                }
              />
              <TextField
                size="small"
                label="Waarde"
                value={condition.value}
                onChange={(event) =>
                  onChange({ ...step, condition: { ...condition, value: event.target.value } })
                }
              />
            </>
          )}
          {condition.kind === 'formAnswer' && (
            <FormAnswerInputs
              value={condition}
              onChange={(value) =>
                onChange({ ...step, condition: { ...condition, ...value, optionId: value.optionId ?? '' } })
              }
            />
          )}
          {condition.kind === 'rsvpAnswer' && (
            <>
              <Select
                label="Uitnodiging"
                value={condition.publicationId}
                options={publications}
                onChange={(publicationId) =>
                  onChange({ ...step, condition: { ...condition, publicationId } })
                }
              />
              <Select
                label="Antwoord"
                value={condition.answer}
                options={rsvpAnswers.map((answer) => ({ id: answer, name: answer }))}
                onChange={(answer) =>
                  onChange({
                    ...step,
                    condition: { ...condition, answer: answer as typeof condition.answer },
                  })
                }
              />
            </>
          )}
          {condition.kind === 'clickedIn' && (
            <ClickedInInputs
              publicationId={condition.publicationId}
              publications={publications}
              onChange={(publicationId) => onChange({ ...step, condition: { ...condition, publicationId } })}
            />
          )}
        </>
      );
    }
    case 'addToList':
    case 'removeFromList':
      return (
        <Select
          label="Lijst"
          value={step.listId}
          options={lists}
          onChange={(listId) => onChange({ ...step, listId })}
        />
      );
    case 'updateField':
      return (
        <>
          <Select
            label="Veld"
            value={step.field}
            options={entries(fieldLabels, updatableFields)}
            onChange={(field) => onChange({ ...step, field: field as typeof step.field })}
          />
          <TextField
            size="small"
            label="Nieuwe waarde"
            value={step.value}
            onChange={(event) => onChange({ ...step, value: event.target.value })}
          />
        </>
      );
    case 'end':
      return null;
  }
}

/** 'Geklikt in publicatie': the publication, the note on opens, and a warning when it does not measure per person. */
function ClickedInInputs({
  publicationId,
  publications,
  onChange,
}: {
  publicationId: string;
  publications: Option[];
  onChange(publicationId: string): void;
}) {
  const measuring = useMeasuring(publicationId, Boolean(publicationId));
  const mode = measuring.data?.mode;
  return (
    <>
      <Select label="Publicatie" value={publicationId} options={publications} onChange={onChange} />
      <Typography variant="body2" sx={{ flexBasis: '100%' }}>
        {opensNote}
      </Typography>
      {mode && !personalMeasuringModes.includes(mode) && (
        <Alert severity="warning" sx={{ flexBasis: '100%' }}>
          {`Deze publicatie meet '${mode}': wie klikt is dan niet bekend. Kies bij Meten een modus per persoon, anders kan de journey niet actief worden.`}
        </Alert>
      )}
    </>
  );
}

/** A form, its text question holding the address, and (optionally) an option of its choice questions. */
function FormAnswerInputs({
  value,
  onChange,
  optional,
}: {
  value: { flowId: string; emailFieldId: string; optionId?: string | null };
  onChange(value: { flowId: string; emailFieldId: string; optionId: string | null }): void;
  optional?: boolean;
}) {
  const forms = useOptions('flows', 'name');
  const { data: questions = [] } = useGetList(
    'flowFields',
    { pagination: { page: 1, perPage: 250 }, filter: { flowId: value.flowId } },
    { enabled: Boolean(value.flowId) },
  );
  const choice = questions.find((question) => question.type === 0);
  const options = useOptions(
    'fieldOptions',
    'label',
    { flowId: value.flowId, fieldId: choice?.id },
    Boolean(choice),
  );
  const current = {
    flowId: value.flowId,
    emailFieldId: value.emailFieldId,
    optionId: value.optionId ?? null,
  };
  return (
    <>
      <Select
        label="Formulier"
        value={value.flowId}
        options={forms}
        onChange={(flowId) => onChange({ flowId, emailFieldId: '', optionId: null })}
      />
      <Select
        label="Vraag met het e-mailadres"
        value={value.emailFieldId}
        options={questions
          .filter((question) => question.type === 1)
          .map((question) => ({ id: String(question.id), name: String(question.label) }))}
        onChange={(emailFieldId) => onChange({ ...current, emailFieldId })}
      />
      <Select
        label={optional ? 'Gekozen optie (optioneel)' : 'Gekozen optie'}
        value={value.optionId ?? ''}
        options={[...(optional ? [{ id: '', name: 'Elke' }] : []), ...options]}
        onChange={(optionId) => onChange({ ...current, optionId: optionId || null })}
      />
    </>
  );
}

/** 'Handmatig': a list or audience enters the active journey now (POST /journeys/{id}/enroll). */
function ManualStart({ journeyId, active }: { journeyId: string; active: boolean }) {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const lists = useOptions('lists', 'title', { isDeleted: false });
  const audiences = useOptions('audiences', 'name');
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [kind, id] = chosen.split(':');
  const start = async () => {
    setProblem(undefined);
    setBusy(true);
    try {
      const { data } = await dataProvider.action('journeys', 'enroll', {
        id: journeyId,
        data: kind === 'list' ? { listId: id } : { audienceId: id },
      });
      notify(`${data.enrolled} ${data.enrolled === 1 ? 'persoon' : 'personen'} opgenomen in de journey.`, {
        type: 'success',
      });
    } catch (error) {
      setProblem(serverMessage(error, translate('ra.notification.http_error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Select
        label="Lijst of doelgroep"
        value={chosen}
        options={[
          ...lists.map((list) => ({ id: `list:${list.id}`, name: `Lijst: ${list.name}` })),
          ...audiences.map((audience) => ({
            id: `audience:${audience.id}`,
            name: `Doelgroep: ${audience.name}`,
          })),
        ]}
        onChange={setChosen}
      />
      <Button variant="outlined" disabled={!active || !chosen || busy} onClick={() => void start()}>
        Nu starten
      </Button>
      {!active && <Typography variant="body2">Nu starten kan zodra de journey actief is.</Typography>}
      {problem && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      )}
    </>
  );
}

function TriggerEditor({
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
  const lists = useOptions('lists', 'title', { isDeleted: false });
  const publications = useOptions('publications', 'name', {}, trigger.kind === 'rsvpAnswered');
  const title = `Trigger ${number}: ${triggerKindsUi[trigger.kind].label}`;
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h4" variant="subtitle1">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} flexWrap="wrap" alignItems="center" useFlexGap sx={{ mt: 1 }}>
        {trigger.kind === 'addedToList' && (
          <>
            <Select
              label="Lijst"
              value={trigger.listId}
              options={lists}
              onChange={(listId) => onChange({ ...trigger, listId })}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={trigger.includeImports}
                  onChange={(event) => onChange({ ...trigger, includeImports: event.target.checked })}
                />
              }
              label="Ook bij imports"
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
            <Select
              label="Lijst"
              value={trigger.listId}
              options={lists}
              onChange={(listId) => onChange({ ...trigger, listId })}
            />
            <Select
              label="Datum in"
              value={String(trigger.attribute)}
              options={Array.from({ length: 9 }, (_, index) => ({
                id: String(index + 1),
                name: `Label ${index + 1}`,
              }))}
              onChange={(attribute) => onChange({ ...trigger, attribute: Number(attribute) })}
            />
            <Select
              label="Wanneer"
              value={trigger.mode}
              options={[
                { id: 'before', name: 'Dagen ervoor' },
                { id: 'on', name: 'Op de dag' },
                { id: 'after', name: 'Dagen erna' },
                { id: 'yearly', name: 'Elk jaar' },
              ]}
              onChange={(mode) => onChange({ ...trigger, mode: mode as typeof trigger.mode })}
            />
            {(trigger.mode === 'before' || trigger.mode === 'after') && (
              <TextField
                size="small"
                type="number"
                label="Dagen"
                value={trigger.days}
                onChange={(event) => onChange({ ...trigger, days: Math.max(0, Number(event.target.value)) })}
              />
            )}
            <TextField
              size="small"
              type="time"
              label="Om"
              slotProps={{ inputLabel: { shrink: true } }}
              value={trigger.time}
              onChange={(event) => onChange({ ...trigger, time: event.target.value })}
            />
          </>
        )}
        {trigger.kind === 'rsvpAnswered' && (
          <>
            <Select
              label="Uitnodiging"
              value={trigger.publicationId}
              options={publications}
              onChange={(publicationId) => onChange({ ...trigger, publicationId })}
            />
            <Select
              label="Antwoord (optioneel)"
              value={trigger.answer ?? ''}
              options={[
                { id: '', name: 'Elk antwoord' },
                ...rsvpAnswers.map((answer) => ({ id: answer, name: answer })),
              ]}
              onChange={(answer) =>
                onChange({ ...trigger, answer: (answer || null) as typeof trigger.answer })
              }
            />
          </>
        )}
        {trigger.kind === 'manual' && <ManualStart journeyId={journeyId} active={active} />}
        <Button color="error" onClick={onRemove} aria-label={`${title} verwijderen`}>
          Verwijderen
        </Button>
      </Stack>
    </Box>
  );
}

function PersonTimeline({ journeyId }: { journeyId: string }) {
  const dataProvider = useDeclaredDataProvider();
  const [email, setEmail] = useState('');
  const [entries, setEntries] = useState<TimelineEntry[]>();
  const show = async () =>
    setEntries((await dataProvider.action('journeys', 'timeline', { id: journeyId, data: { email } })).data);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="h6" gutterBottom>
          Tijdlijn van een persoon
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void show();
          }}
        >
          <TextField
            size="small"
            label="E-mailadres"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit">Tijdlijn tonen</Button>
        </Stack>
        {entries && entries.length === 0 && (
          <Typography sx={{ mt: 1 }}>Deze persoon heeft deze journey niet doorlopen.</Typography>
        )}
        {entries && entries.length > 0 && (
          <Box component="ol" aria-label="Tijdlijn" sx={{ mt: 1 }}>
            {entries.map((entry, index) => (
              <li key={index}>
                {formatDateTime(entry.at)} —{' '}
                {stepKindsUi[entry.stepKind as JourneyStep['kind']]?.label ?? 'Verlaten'} ({entry.stepId}):{' '}
                {entry.result}
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
