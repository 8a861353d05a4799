import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { LinkDraft } from '../blockDraft';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

/** A link shown as a button: its address and the button's text. */
export function LinkInput({ id, field, value, onChange, problems, readOnly }: FieldInputProps<LinkDraft>) {
  const translate = useTranslate();
  const problemText = useProblemText(field, problems);
  const urlProblem = problemText(`${field.name}.url`);
  const textProblem = problemText(`${field.name}.text`);
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <TextField
        id={`${id}-url`}
        type="url"
        label={translate('app.publications.editor.link.url', { field: field.label })}
        value={value.url}
        onChange={(event) => onChange({ ...value, url: event.target.value })}
        required={field.required}
        error={urlProblem !== undefined}
        helperText={urlProblem ?? translate('app.publications.editor.link.url_help')}
        placeholder="https://"
        fullWidth
        slotProps={{ input: { readOnly } }}
      />
      <TextField
        id={`${id}-text`}
        label={translate('app.publications.editor.link.text', { field: field.label })}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
        error={textProblem !== undefined}
        helperText={textProblem ?? translate('app.publications.editor.link.text_help')}
        fullWidth
        slotProps={{ input: { readOnly } }}
      />
    </Stack>
  );
}
