import { TextField } from '@mui/material';
import { useState } from 'react';
import { formatNumberInput, parseDutchNumber } from '../i18n/dutchNumber';
import { useTextFieldInput, type TextFieldInputProps } from './useTextFieldInput';

/** The form value of a number field's text: a number, null when empty, the text itself when no number. */
function formValue(text: string): number | string | null {
  const parsed = parseDutchNumber(text);
  return parsed !== null && Number.isNaN(parsed) ? text : parsed;
}

/**
 * A number typed the Dutch way ('1,5'), whatever the browser's language: a text field (a browser's
 * number field reads '1,6' as 16 in English), holding what is typed while the form holds the number.
 * Text that is no number stays in the form as text, so react-admin's number() validator names it.
 * The generated input of every `number` field.
 */
export function DutchNumberInput(props: TextFieldInputProps) {
  const { field, textFieldProps } = useTextFieldInput(props);
  const shown = (value: unknown) =>
    typeof value === 'number' ? formatNumberInput(value) : String(value ?? '');
  const [text, setText] = useState(() => shown(field.value));
  const [valueShown, setValueShown] = useState<unknown>(field.value);
  // A value set from outside (a reset, a loaded record) replaces the text; typing does not (React's
  // 'adjusting state when a prop changes', during render rather than in an effect).
  if (!Object.is(valueShown, field.value)) {
    setValueShown(field.value);
    if (!Object.is(formValue(text), field.value ?? null)) setText(shown(field.value));
  }

  return (
    <TextField
      {...textFieldProps}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(formValue(event.target.value));
      }}
      onBlur={() => {
        if (typeof field.value === 'number') setText(formatNumberInput(field.value));
        field.onBlur();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}
