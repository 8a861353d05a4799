import { InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTextFieldInput, type TextFieldInputProps } from './useTextFieldInput';

/** A CSS colour in the form the API accepts. */
export const hexColor = /^#[0-9a-f]{6}$/i;

/**
 * A colour as `#rrggbb`: typed as text (exact, accessible) or picked with the browser's colour picker
 * in the adornment; both edit the same form value. The generated input of a `color` field.
 */
export function ColorInput(props: TextFieldInputProps) {
  const translate = useTranslate();
  const { field, textFieldProps } = useTextFieldInput(props);
  const value = typeof field.value === 'string' ? field.value : '';

  return (
    <TextField
      {...textFieldProps}
      {...field}
      value={value}
      slotProps={{
        htmlInput: { spellCheck: false, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={translate('declarative.color.pick', { label: textFieldProps.label })}
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
