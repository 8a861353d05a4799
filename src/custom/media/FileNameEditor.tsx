import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { nameToSave } from './renameRule';
import { focusOnMount } from './focusOnMount';

export interface FileNameEditorProps {
  name: string;
  /** Called with a non-empty, changed name when the field loses focus (spec §5). */
  onSave(name: string): void;
  disabled?: boolean;
  /** Only the name, without the pencil (a role that cannot rename). */
  readOnly?: boolean;
}

/**
 * The current name, editable inline: the pencil opens a field, leaving it closes the field and saves
 * the name only when it is not empty (spec §2, §5). Enter leaves the field; Escape drops the change.
 */
export function FileNameEditor({ name, onSave, disabled, readOnly }: FileNameEditorProps) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<string>();
  const label = translate('media.details.name');

  if (draft !== undefined) {
    return (
      <TextField
        label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          const next = nameToSave(draft, name);
          setDraft(undefined);
          if (next !== undefined) onSave(next);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
          if (event.key === 'Escape') {
            event.stopPropagation();
            setDraft(name);
            setTimeout(() => (event.target as HTMLInputElement).blur());
          }
        }}
        inputRef={focusOnMount}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'media-file-name-input' } }}
      />
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }} data-testid="media-file-name">
        {name}
      </Typography>
      {readOnly ? null : (
        <IconButton
          onClick={() => setDraft(name)}
          aria-label={translate('media.details.edit_name')}
          disabled={disabled}
          size="small"
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
