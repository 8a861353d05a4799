import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
 * top of the form, so the form keeps its input. A field may offer images only, show the chosen file
 * through its own `preview` and offer a button that empties it.
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
  if (field.kind !== 'mediaFile') return null;
  const choose = () =>
    openSlideOver('selectMediaFile', {
      imagesOnly: field.imagesOnly,
      onSelect: (file: SelectedMediaFile) => {
        setChosenName(file.friendlyName);
        input.onChange(file.id);
      },
    });
  const clear = () => {
    setChosenName(undefined);
    input.onChange(null);
  };
  const fileId = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const shown = chosenName ?? fileId ?? '';
  const chooseButton = (
    <Button onClick={choose} onBlur={input.onBlur} variant={field.preview ? 'contained' : 'text'}>
      {translate('declarative.mediaFile.choose')}
    </Button>
  );
  const clearButton =
    field.clearLabel && fileId ? (
      <Button onClick={clear} color="error">
        {label(field.clearLabel)}
      </Button>
    ) : null;

  if (field.preview) {
    const Preview = field.preview;
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {label(field.label)}
        </Typography>
        <Preview fileId={fileId} />
        {chosenName ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {chosenName}
          </Typography>
        ) : null}
        <Typography
          component="div"
          variant="body2"
          sx={{ mt: 1, color: fieldState.error ? 'error.main' : 'text.secondary' }}
        >
          <InputHelperText error={fieldState.error?.message} helperText={field.helperText} />
        </Typography>
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {chooseButton}
          {clearButton}
        </Stack>
      </Box>
    );
  }

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
      <Box sx={{ mt: 0.5, display: 'flex', gap: 1 }}>
        {chooseButton}
        {clearButton}
      </Box>
    </Stack>
  );
}
