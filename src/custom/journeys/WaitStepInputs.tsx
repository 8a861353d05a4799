import type { JourneyStep } from '@contract/journeys';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { OptionSelect } from './OptionSelect';

type WaitStep = Extract<JourneyStep, { kind: 'wait' }>;

const minutesPerDay = 1440;
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
        <TextField
          size="small"
          type="datetime-local"
          label={translate('app.journeys.inputs.until')}
          slotProps={{ inputLabel: { shrink: true } }}
          defaultValue={wait.at.slice(0, 16)}
          onChange={(event) =>
            event.target.value &&
            setWait({ type: 'untilDate', at: new Date(event.target.value).toISOString() })
          }
        />
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
