import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * 'Bekijken als': an address of a recipient whose own values fill the preview's merge fields, so the
 * gap the deliver check warns about ('Beste , …') can be seen before sending. Applied on Enter or when
 * the field is left, not per keystroke; empty shows the fallbacks.
 */
export function PreviewRecipientField({
  onApply,
  error,
}: {
  onApply: (recipient: string | undefined) => void;
  /** The server's Dutch message for an address it does not know. */
  error?: string;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const apply = () => onApply(typed.trim() === '' ? undefined : typed.trim());
  return (
    <TextField
      size="small"
      type="email"
      label={translate('app.publications.preview.recipient')}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      error={Boolean(error)}
      helperText={error ?? translate('app.publications.preview.recipient_help')}
      sx={{ minWidth: 240, flex: '1 1 240px' }}
    />
  );
}
