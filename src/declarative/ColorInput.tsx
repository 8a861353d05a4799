import { InputAdornment, TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';

/** A CSS colour in the form the API accepts. */
export const hexColor = /^#[0-9a-f]{6}$/i;

interface ColorInputProps extends InputProps {
  label: string;
  helperText?: string;
}

/**
 * A colour as `#rrggbb`: typed as text (exact, accessible) or picked with the browser's colour picker
 * in the adornment; both edit the same form value. The generated input of a `color` field.
 */
export function ColorInput({ label, helperText, ...inputProps }: ColorInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, formState, isRequired } = useInput(inputProps);
  const value = typeof field.value === 'string' ? field.value : '';
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;

  return (
    <TextField
      id={id}
      {...field}
      value={value}
      label={translate(label)}
      required={isRequired}
      error={showError}
      helperText={
        <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />
      }
      fullWidth
      slotProps={{
        htmlInput: { spellCheck: false, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={translate('declarative.color.pick', { label: translate(label) })}
                value={hexColor.test(value) ? value.toLowerCase() : '#000000'}
                onChange={(event) => field.onChange(event.target.value)}
                style={{
                  width: 32,
                  height: 32,
                  padding: 0,
                  border: 'none',
                  background: 'none',
                  cursor: 'pointer',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
