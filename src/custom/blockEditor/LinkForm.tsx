import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { linkAddress } from './linkAddress';

export interface LinkFormProps {
  /** The toolbar button the form opens under; null when closed. */
  anchor: HTMLElement | null;
  initialUrl: string;
  onApply(href: string): void;
  onClose(): void;
}

/** The address of a link in rich text, asked in a small popover under the toolbar's link button. */
export function LinkForm({ anchor, initialUrl, onApply, onClose }: LinkFormProps) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      // The address field takes the focus itself (below), not the popover's frame.
      disableAutoFocus
    >
      {/* Mounted per opening, so it starts from the link under the cursor. */}
      {anchor ? <LinkFields initialUrl={initialUrl} onApply={onApply} onClose={onClose} /> : null}
    </Popover>
  );
}

function LinkFields({ initialUrl, onApply, onClose }: Omit<LinkFormProps, 'anchor'>) {
  const translate = useTranslate();
  const [url, setUrl] = useState(initialUrl);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const href = linkAddress(url);
    if (href === undefined) setInvalid(true);
    else onApply(href);
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1.5} sx={{ p: 2, width: 320, maxWidth: '90vw' }}>
      <TextField
        label={translate('app.publications.editor.rich_text.link_url')}
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? translate('app.publications.editor.validation.url') : undefined}
        placeholder="https://"
        size="small"
        inputRef={input}
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained">
          {translate('app.publications.editor.rich_text.link_apply')}
        </Button>
      </Stack>
    </Stack>
  );
}
