import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

/** A line of text; its length counter shows when the definition limits it. */
export function ShortTextInput({ id, field, value, onChange, problems, readOnly }: FieldInputProps<string>) {
  const translate = useTranslate();
  const problem = useProblemText(field, problems)();
  const counter =
    field.maxLength !== undefined
      ? translate('app.publications.editor.characters', { count: value.length, max: field.maxLength })
      : undefined;
  return (
    <TextField
      id={id}
      label={field.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={field.required}
      error={problem !== undefined}
      helperText={problem ?? counter}
      fullWidth
      slotProps={{ input: { readOnly } }}
    />
  );
}
