import { TextField } from '@mui/material';
import { useState } from 'react';
import type { Validator } from 'react-admin';
import { formatNumberInput, readDutchNumber } from '../i18n/dutchNumber';
import { useTextFieldInput, type TextFieldInputProps } from './useTextFieldInput';

/** The form value of a number field's text: a number, null when empty, the text itself when refused. */
function formValue(text: string, fractions: boolean): number | string | null {
  const reading = readDutchNumber(text, { fractions });
  return 'value' in reading ? reading.value : text;
}

/** Names why the text a number field holds is refused: no number, a fraction, or two readings. */
const readable =
  (fractions: boolean): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const reading = readDutchNumber(value, { fractions });
    if ('value' in reading) return undefined;
    return 'args' in reading ? { message: reading.problem, args: reading.args } : reading.problem;
  };

/**
 * A number typed the Dutch way ('1,5'), whatever the browser's language: a text field (a browser's
 * number field reads '1,6' as 16 in English), holding what is typed while the form holds the number.
 * '1.000' is a thousand; '1,5' one and a half where `fractions` are allowed. Text that is refused (no
 * number, a fraction in a field of whole numbers, '1,000' that reads two ways) stays in the form as
 * text and is named in Dutch: a number is never changed silently. The generated input of every `number` field.
 */
export function DutchNumberInput({
  fractions = false,
  ...props
}: TextFieldInputProps & { fractions?: boolean }) {
  const validate = [
    ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
  ];
  const { field, textFieldProps } = useTextFieldInput({
    ...props,
    validate: [...validate, readable(fractions)],
  });
  const shown = (value: unknown) =>
    typeof value === 'number' ? formatNumberInput(value) : String(value ?? '');
  const [text, setText] = useState(() => shown(field.value));
  const [valueShown, setValueShown] = useState<unknown>(field.value);
  // A value set from outside (a reset, a loaded record) replaces the text; typing does not (React's
  // 'adjusting state when a prop changes', during render rather than in an effect).
  if (!Object.is(valueShown, field.value)) {
    setValueShown(field.value);
    if (!Object.is(formValue(text, fractions), field.value ?? null)) setText(shown(field.value));
  }

  return (
    <TextField
      {...textFieldProps}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(formValue(event.target.value, fractions));
      }}
      onBlur={() => {
        if (typeof field.value === 'number') setText(formatNumberInput(field.value));
        field.onBlur();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}
