import {
  recipientMergeFieldLabels,
  recipientMergeFields,
  type RecipientMergeField,
} from '@contract/mergeFields';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

export interface MergeFieldMenuProps {
  anchor: HTMLElement | null;
  onClose(): void;
  /** A field was chosen with its fallback: `{{field|fallback}}` (or `{{field}}`) goes in at the cursor. */
  onPick(placeholder: string): void;
}

/** The fallback offered first: a letter to someone whose name is unknown addresses a resident. */
const suggestedFallback = (field: RecipientMergeField) =>
  ['name', 'firstName', 'initials', 'lastName'].includes(field) ? 'inwoner' : '';

/** The placeholder of a field with its fallback ('{{firstName|inwoner}}'); `|` and braces cannot be in it. */
export function mergeFieldPlaceholder(field: RecipientMergeField, fallback: string): string {
  const text = fallback.replace(/[{}|]/g, '').trim();
  return text ? `{{${field}|${text}}}` : `{{${field}}}`;
}

/**
 * The merge fields a block's text may use, by their Dutch labels (the subscriber fields each recipient
 * has). Picking one asks for the text a recipient without that value reads instead ('Beste inwoner'
 * rather than 'Beste , …'), then puts `{{field|fallback}}` in the text.
 */
export function MergeFieldMenu({ anchor, onClose, onPick }: MergeFieldMenuProps) {
  const translate = useTranslate();
  const [picked, setPicked] = useState<{ field: RecipientMergeField; anchor: HTMLElement } | null>(null);
  return (
    <>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        slotProps={{ list: { 'aria-label': translate('app.publications.editor.rich_text.merge_field') } }}
      >
        {recipientMergeFields.map((field) => (
          <MenuItem
            key={field}
            onClick={() => {
              if (anchor) setPicked({ field, anchor });
              onClose();
            }}
          >
            {recipientMergeFieldLabels[field]}
          </MenuItem>
        ))}
      </Menu>
      <Popover
        open={picked !== null}
        anchorEl={picked?.anchor}
        onClose={() => setPicked(null)}
        // The fallback field takes the focus itself, not the popover's frame.
        disableAutoFocus
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {picked ? (
          <FallbackForm
            field={picked.field}
            onInsert={(placeholder) => {
              setPicked(null);
              onPick(placeholder);
            }}
            onCancel={() => setPicked(null)}
          />
        ) : null}
      </Popover>
    </>
  );
}

function FallbackForm({
  field,
  onInsert,
  onCancel,
}: {
  field: RecipientMergeField;
  onInsert(placeholder: string): void;
  onCancel(): void;
}) {
  const translate = useTranslate();
  const [fallback, setFallback] = useState(suggestedFallback(field));
  const input = useRef<HTMLInputElement>(null);
  // The fallback field takes the focus (as the link form's address does), its suggestion selected.
  useEffect(() => input.current?.select(), []);
  const label = recipientMergeFieldLabels[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onInsert(mergeFieldPlaceholder(field, fallback));
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1.5} sx={{ p: 2, width: 340, maxWidth: '90vw' }}>
      <TextField
        label={translate('app.publications.editor.rich_text.merge_fallback', { field: label.toLowerCase() })}
        helperText={translate('app.publications.editor.rich_text.merge_fallback_help', {
          example: mergeFieldPlaceholder(field, fallback),
        })}
        value={fallback}
        onChange={(event) => setFallback(event.target.value)}
        size="small"
        inputRef={input}
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained">
          {translate('app.publications.editor.rich_text.merge_insert', { field: label })}
        </Button>
      </Stack>
    </Stack>
  );
}
