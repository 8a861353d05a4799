import {
  recipientMergeFieldLabels,
  recipientMergeFields,
  type RecipientMergeField,
} from '@contract/mergeFields';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';

export interface MergeFieldMenuProps {
  anchor: HTMLElement | null;
  onClose(): void;
  /** A field was chosen: its placeholder goes in at the cursor. */
  onPick(field: RecipientMergeField): void;
}

/**
 * The merge fields a block's text may use, by their Dutch labels (the subscriber fields each recipient
 * has); picking one puts `{{field}}` in the text, which each message fills with the recipient's value.
 */
export function MergeFieldMenu({ anchor, onClose, onPick }: MergeFieldMenuProps) {
  const translate = useTranslate();
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': translate('app.publications.editor.rich_text.merge_field') } }}
    >
      {recipientMergeFields.map((field) => (
        <MenuItem key={field} onClick={() => onPick(field)}>
          {recipientMergeFieldLabels[field]}
        </MenuItem>
      ))}
    </Menu>
  );
}
