import type { JourneyStep } from '@contract/journeys';
import { EditorTextField as TextField } from './journeyEditable';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DutchDateField } from '../../declarative/DutchDateField';
import { OptionSelect } from './OptionSelect';

type WaitStep = Extract<JourneyStep, { kind: 'wait' }>;

const minutesPerDay = 1440;
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** 'Wacht': a time (days and hours), until a date, or until a weekday and hour. */
export function WaitStepInputs({ step, onChange }: { step: WaitStep; onChange(step: WaitStep): void }) {
  const translate = useTranslate();
  const wait = step.wait;
  const setWait = (next: WaitStep['wait']) => onChange({ ...step, wait: next });
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.inputs.wait')}
        value={wait.type}
        options={[
          { id: 'duration', name: translate('app.journeys.inputs.wait_duration') },
          { id: 'untilDate', name: translate('app.journeys.inputs.wait_until_date') },
          { id: 'untilWeekday', name: translate('app.journeys.inputs.wait_until_weekday') },
        ]}
        onChange={(type) =>
          setWait(
            type === 'duration'
              ? { type, minutes: minutesPerDay }
              : type === 'untilDate'
                ? { type, at: new Date().toISOString() }
                : { type: 'untilWeekday', weekday: 1, time: '09:00' },
          )
        }
      />
      {wait.type === 'duration' && (
        <>
          <TextField
            size="small"
            type="number"
            label={translate('app.journeys.inputs.days')}
            value={Math.floor(wait.minutes / minutesPerDay)}
            onChange={(event) =>
              setWait({
                type: 'duration',
                minutes: Math.max(
                  1,
                  Number(event.target.value) * minutesPerDay + (wait.minutes % minutesPerDay),
                ),
              })
            }
          />
          <TextField
            size="small"
            type="number"
            label={translate('app.journeys.inputs.hours')}
            value={Math.floor((wait.minutes % minutesPerDay) / 60)}
            onChange={(event) =>
              setWait({
                type: 'duration',
                minutes: Math.max(
                  1,
                  Math.floor(wait.minutes / minutesPerDay) * minutesPerDay + Number(event.target.value) * 60,
                ),
              })
            }
          />
        </>
      )}
      {wait.type === 'untilDate' && (
        <UntilDateInput at={wait.at} onChange={(at) => setWait({ type: 'untilDate', at })} />
      )}
      {wait.type === 'untilWeekday' && (
        <>
          <OptionSelect
            label={translate('app.journeys.inputs.weekday')}
            value={String(wait.weekday)}
            options={weekdays.map((day) => ({
              id: String(day),
              name: translate(`app.journeys.weekdays.${day}`),
            }))}
            onChange={(weekday) => setWait({ ...wait, weekday: Number(weekday) })}
          />
          <TextField
            size="small"
            type="time"
            label={translate('app.journeys.inputs.hour')}
            slotProps={{ inputLabel: { shrink: true } }}
            value={wait.time}
            onChange={(event) => setWait({ ...wait, time: event.target.value })}
          />
        </>
      )}
    </>
  );
}

/** 'Tot een datum': the moment in Dutch time, whatever the browser's zone; text that is no moment is named. */
function UntilDateInput({ at, onChange }: { at: string; onChange(at: string): void }) {
  const translate = useTranslate();
  const [invalid, setInvalid] = useState(false);
  return (
    <DutchDateField
      size="small"
      withTime
      label={translate('app.journeys.inputs.until')}
      value={at}
      error={invalid}
      helperText={invalid ? translate('declarative.date.invalidMoment') : undefined}
      onChange={(value) => {
        // The field gives a moment as its instant (ISO), text that is no moment as typed.
        const moment = typeof value === 'string' && isoInstant.test(value) ? value : undefined;
        setInvalid(value !== null && moment === undefined);
        if (moment) onChange(moment);
      }}
    />
  );
}
