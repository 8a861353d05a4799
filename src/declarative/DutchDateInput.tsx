import { TextField } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import {
  dutchDatePattern,
  dutchDateTimePattern,
  formatDutchDate,
  formatDutchDateTime,
  parseDutchDate,
  parseDutchDateTime,
} from '../i18n/dutchDate';

interface DutchDateInputProps extends InputProps {
  label: string;
  helperText?: string;
  /** A day ('date', form value 'yyyy-mm-dd') or a moment ('dateTime', the local 'yyyy-mm-ddThh:mm'). */
  withTime: boolean;
}

const kinds = {
  date: { parse: parseDutchDate, format: formatDutchDate, pattern: dutchDatePattern },
  dateTime: { parse: parseDutchDateTime, format: formatDutchDateTime, pattern: dutchDateTimePattern },
};

/**
 * A date ('31-12-2026') or date and time ('31-12-2026 18:30') typed and shown day first, whatever the
 * browser's language: a text field, as a browser's own date field follows the browser's language
 * (mm/dd/yyyy in English). The form holds what react-admin's DateInput and DateTimeInput hold, so a
 * field's parse and a form's transform see the same values; text that is no date stays in the form as
 * text, and the field names it ('Vul een datum in als dd-mm-jjjj'). The generated input of every `date`
 * and `dateTime` field, and the deliver panel's 'Verzenden op'.
 */
export function DutchDateInput({
  label,
  helperText,
  withTime,
  validate,
  ...inputProps
}: DutchDateInputProps) {
  const translate = useTranslate();
  const kind = kinds[withTime ? 'dateTime' : 'date'];
  const { id, field, fieldState, formState, isRequired } = useInput({
    ...inputProps,
    // Text that is no date is named first: the field's own validators then see only dates.
    validate: [
      withTime ? validMoment : validDay,
      ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
    ],
  });
  const formValue = (text: string) => kind.parse(text) ?? (text.trim() === '' ? null : text);
  const [text, setText] = useState(() => kind.format(field.value));
  const [valueShown, setValueShown] = useState<unknown>(field.value);
  // A value set from outside (a reset, a loaded record) replaces the text; typing does not (React's
  // 'adjusting state when a prop changes', during render rather than in an effect). A field's own parse
  // may turn the typed moment into another spelling of it (ISO): the same moment keeps the text.
  if (!Object.is(valueShown, field.value)) {
    setValueShown(field.value);
    if (kind.format(formValue(text)) !== kind.format(field.value)) setText(kind.format(field.value));
  }
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(formValue(event.target.value));
      }}
      onBlur={() => {
        // A date typed short ('1-2-2026') is shown in full once left.
        const parsed = kind.parse(text);
        if (parsed) setText(kind.format(parsed));
        field.onBlur();
      }}
      label={translate(label)}
      required={isRequired}
      error={showError}
      helperText={
        <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />
      }
      placeholder={kind.pattern}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
    />
  );
}

/**
 * Whether a form value is a date: empty, react-admin's day or local moment, an ISO moment from the
 * record, or a Date. Anything else is text that was typed and could not be read.
 */
function isDateValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return (
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(new Date(value).getTime())
  );
}

const validDay: Validator = (value) => (isDateValue(value) ? undefined : 'declarative.date.invalid');
const validMoment: Validator = (value) => (isDateValue(value) ? undefined : 'declarative.date.invalidMoment');
