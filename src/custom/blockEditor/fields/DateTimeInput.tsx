import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

/** A local date and time (`YYYY-MM-DDTHH:mm`, what the browser's own picker gives). */
export function DateTimeInput({ id, field, value, onChange, problems }: FieldInputProps<string>) {
  const problem = useProblemText(field, problems)();
  return (
    <TextField
      id={id}
      type="datetime-local"
      label={field.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={field.required}
      error={problem !== undefined}
      helperText={problem}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
    />
  );
}
