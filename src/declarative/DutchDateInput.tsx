import { InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import { DutchDateField } from './DutchDateField';

interface DutchDateInputProps extends InputProps {
  label: string;
  helperText?: string;
  /** A day ('date', form value 'yyyy-mm-dd') or a moment in Dutch time ('dateTime', form value ISO). */
  withTime: boolean;
}

/**
 * A date ('31-12-2026') or date and time ('31-12-2026 18:30') typed and shown day first, whatever the
 * browser's language (DutchDateField); a moment means Dutch time whatever the browser's zone. The form
 * holds a day as react-admin's DateInput does and a moment as its instant (ISO), so a field's parse and
 * a form's transform see dates; text that is no date stays in the form as text, and the field names it
 * ('Vul een datum in als dd-mm-jjjj'). The generated input of every `date` and `dateTime` field, and
 * the deliver panel's 'Verzenden op'.
 */
export function DutchDateInput({
  label,
  helperText,
  withTime,
  validate,
  ...inputProps
}: DutchDateInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, formState, isRequired } = useInput({
    ...inputProps,
    // Text that is no date is named first: the field's own validators then see only dates.
    validate: [
      withTime ? validMoment : validDay,
      ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
    ],
  });
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  return (
    <DutchDateField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      withTime={withTime}
      label={translate(label)}
      required={isRequired}
      error={showError}
      helperText={
        showError || helperText ? (
          <InputHelperText
            error={showError ? fieldState.error?.message : undefined}
            helperText={helperText}
          />
        ) : undefined
      }
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
