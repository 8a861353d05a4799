import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useJourneyEditable } from './journeyEditable';
import { OptionSelect, type Option } from './OptionSelect';

/**
 * 'Trigger toevoegen' or 'Stap toevoegen': a kind to choose (the first preselected) and the button; none
 * where the role cannot save the journey.
 */
export function AddControl({
  label,
  kindLabel,
  kinds,
  onAdd,
}: {
  /** The button's text. */
  label: string;
  /** The select's text, 'Soort (stap toevoegen)'. */
  kindLabel: string;
  kinds: Option[];
  onAdd(kind: string): void;
}) {
  const translate = useTranslate();
  const [kind, setKind] = useState(kinds[0]?.id ?? '');
  const editable = useJourneyEditable();
  if (!editable) return null;
  return (
    // Beside each other where there is room; on a phone the button goes below the kind, whole.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{
        alignItems: { xs: 'flex-start', sm: 'center' },
        '& > .MuiTextField-root': { flex: 1, minWidth: 0 },
      }}
    >
      <OptionSelect
        label={translate('app.journeys.editor.kind_of', { what: kindLabel })}
        value={kind}
        options={kinds}
        onChange={setKind}
      />
      <Button variant="outlined" onClick={() => onAdd(kind)} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {label}
      </Button>
    </Stack>
  );
}
