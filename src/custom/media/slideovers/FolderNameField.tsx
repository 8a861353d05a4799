import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

export interface FolderNameFieldProps {
  label: string;
  value: string;
  onChange(name: string): void;
  /** The refusal to show under the field (empty name, a sibling with that name, ...). */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The DirectoryName field of the New folder and Rename folder panels: required, the refusal under it
 * (announced), and no stale refusal once the user types again.
 */
export function FolderNameField({ label, value, onChange, error, inputRef }: FolderNameFieldProps) {
  return (
    <TextField
      id="DirectoryName"
      name="DirectoryName"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
      inputRef={inputRef}
      fullWidth
      required
    />
  );
}
