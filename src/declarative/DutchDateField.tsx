import TextField from '@mui/material/TextField';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslate } from 'react-admin';
import {
  dutchDatePattern,
  dutchDateTimePattern,
  formatDutchDate,
  formatDutchDateTime,
  parseDutchDate,
  parseDutchDateTime,
} from '../i18n/dutchDate';

const kinds = {
  date: { parse: parseDutchDate, format: formatDutchDate, pattern: dutchDatePattern },
  dateTime: { parse: parseDutchDateTime, format: formatDutchDateTime, pattern: dutchDateTimePattern },
};

export interface DutchDateFieldProps {
  /** Translated. */
  label: string;
  /** A day ('yyyy-mm-dd'), a moment (ISO), null, or text that could not be read. */
  value: unknown;
  /** The day or the moment typed (a moment is Dutch time, given as its instant in ISO), null when emptied, or the text as typed when it is no date. */
  onChange(value: unknown): void;
  onBlur?(): void;
  /** A day ('date') or a moment in Dutch time ('dateTime'). */
  withTime: boolean;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  /** Shown, not typed in (a role that cannot save). */
  readOnly?: boolean;
}

/**
 * The console's one date and date-and-time field ('31-12-2026', '31-12-2026 18:30'), typed and shown day
 * first whatever the browser's language: a text field, as a browser's own date field follows the
 * browser's language (mm/dd/yyyy in English) and zone. A moment means Dutch time whatever the browser's
 * zone, and the field says so. Used by `DutchDateInput` in forms and by the custom editors.
 */
export function DutchDateField({
  label,
  value,
  onChange,
  onBlur,
  withTime,
  helperText,
  error,
  required,
  id,
  name,
  inputRef,
  size,
  readOnly,
}: DutchDateFieldProps) {
  const translate = useTranslate();
  const kind = kinds[withTime ? 'dateTime' : 'date'];
  const valueOf = (text: string) => kind.parse(text) ?? (text.trim() === '' ? null : text);
  const [text, setText] = useState(() => kind.format(value));
  const [valueShown, setValueShown] = useState<unknown>(value);
  // A value set from outside (a reset, a loaded record) replaces the text; typing does not (React's
  // 'adjusting state when a prop changes', during render rather than in an effect). A field's own parse
  // may turn the typed moment into another spelling of it: the same moment keeps the text.
  if (!Object.is(valueShown, value)) {
    setValueShown(value);
    if (kind.format(valueOf(text)) !== kind.format(value)) setText(kind.format(value));
  }
  const zoneNote = withTime ? translate('declarative.date.dutch_time') : undefined;
  return (
    <TextField
      id={id}
      name={name}
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(valueOf(event.target.value));
      }}
      onBlur={() => {
        // A date typed short ('1-2-2026') is shown in full once left.
        const parsed = kind.parse(text);
        if (parsed) setText(kind.format(parsed));
        onBlur?.();
      }}
      label={label}
      required={required}
      error={error}
      size={size}
      helperText={
        error || !zoneNote ? (
          helperText
        ) : (
          <>
            {zoneNote}
            {helperText ? <> {helperText}</> : null}
          </>
        )
      }
      placeholder={kind.pattern}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' }, input: { readOnly } }}
    />
  );
}
