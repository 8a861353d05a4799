import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';

/** A declared input drawn as an MUI TextField of one's own: react-admin's input props, a label, a help text. */
export interface TextFieldInputProps extends InputProps {
  label: string;
  helperText?: string;
}

/**
 * react-admin's `useInput` for an input drawn as an MUI TextField, with the TextField's label, required
 * mark, error and help text as react-admin's own inputs show them: the error only once the input was
 * touched or the form submitted, in place of the help text.
 */
export function useTextFieldInput({ label, helperText, ...inputProps }: TextFieldInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, formState, isRequired } = useInput(inputProps);
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const textFieldProps = {
    id,
    label: translate(label),
    required: isRequired,
    error: showError,
    helperText: (
      <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />
    ),
    fullWidth: true,
  };
  return { field, textFieldProps };
}
