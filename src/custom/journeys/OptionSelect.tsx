import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useJourneyEditable } from './journeyEditable';

/** A choice of a journey's inputs: the value stored in the graph and the text shown. */
export type Option = { id: string; name: string };

/**
 * The editor's labelled select. A value that is not among the options (a list deleted since, options
 * still loading) shows as empty rather than as a raw id. Read-only where the role cannot save the journey.
 */
export function OptionSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
}) {
  const editable = useJourneyEditable();
  return (
    <TextField
      select
      // Read-only: no arrow that promises a choice.
      slotProps={{
        input: { readOnly: !editable },
        select: editable ? undefined : { IconComponent: NoArrow },
      }}
      size="small"
      label={label}
      value={options.some((option) => option.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220, maxWidth: '100%' }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const NoArrow = () => null;

/** Options from a registry of message keys (`{ send: 'app.journeys.steps.send' }`), in `keys`' order. */
export function translatedOptions(
  translate: (key: string) => string,
  labels: Record<string, string>,
  keys: readonly string[] = Object.keys(labels),
): Option[] {
  return keys.map((id) => ({ id, name: translate(labels[id]) }));
}

/** Options whose names are already Dutch (the contract's field and operator names). */
export const plainOptions = (labels: Record<string, string>, keys: readonly string[]): Option[] =>
  keys.map((id) => ({ id, name: labels[id] }));
