import { DutchDateField } from '../../../declarative/DutchDateField';
import { amsterdamWallClock } from '../../../i18n/amsterdamTime';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

/**
 * A block's date and time, kept as the wall-clock time where the event is (`YYYY-MM-DDTHH:mm`, Dutch
 * time), typed day first in the console's one date-time field. Text that is no moment is kept as typed,
 * so the block's check names it.
 */
export function DateTimeInput({ id, field, value, onChange, problems, readOnly }: FieldInputProps<string>) {
  const problem = useProblemText(field, problems)();
  return (
    <DutchDateField
      id={id}
      withTime
      label={field.label}
      value={value}
      onChange={(typed) => {
        if (typed === null) onChange('');
        else if (typeof typed === 'string' && typed.endsWith('Z'))
          onChange(amsterdamWallClock(new Date(typed)));
        else onChange(String(typed));
      }}
      required={field.required}
      error={problem !== undefined}
      helperText={problem}
      readOnly={readOnly}
    />
  );
}
