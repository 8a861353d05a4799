import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { openSlideOver } from '../slideover/events';
import type { DeclaredInputProps } from './fieldDeclaration';
import { useLabel } from './useLabel';

/** What the 'selectMediaFile' slide-over hands to `onSelect`. */
export interface SelectedMediaFile {
  id: string;
  friendlyName?: string;
}

/**
 * A media-library file id, chosen in the 'selectMediaFile' slide-over (media area). The panel opens on
 * top of the form, so the form keeps its input.
 */
export function MediaFileInput({ field }: DeclaredInputProps) {
  const label = useLabel();
  const translate = useTranslate();
  const {
    id,
    field: input,
    fieldState,
    isRequired,
  } = useInput({ source: field.source, validate: field.validate });
  const [chosenName, setChosenName] = useState<string>();
  const choose = () =>
    openSlideOver('selectMediaFile', {
      onSelect: (file: SelectedMediaFile) => {
        setChosenName(file.friendlyName);
        input.onChange(file.id);
      },
    });
  const shown = chosenName ?? (input.value ? String(input.value) : '');

  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
      <TextField
        id={id}
        label={label(field.label)}
        value={shown}
        placeholder={translate('declarative.mediaFile.none')}
        required={isRequired}
        error={fieldState.invalid}
        helperText={<InputHelperText error={fieldState.error?.message} helperText={field.helperText} />}
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        size="small"
        fullWidth
      />
      <Button onClick={choose} onBlur={input.onBlur} sx={{ mt: 0.5 }}>
        {translate('declarative.mediaFile.choose')}
      </Button>
    </Stack>
  );
}
