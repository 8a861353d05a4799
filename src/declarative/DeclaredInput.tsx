import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { DeclaredInputProps } from './fieldDeclaration';
import { MediaFileInput } from './MediaFileInput';

/**
 * The react-admin input for a declared field, chosen by its kind (or the field's own `input`).
 * Default values are set on the form (see formDefaults), not per input.
 */
export function DeclaredInput({ field }: DeclaredInputProps) {
  if (field.input) return <field.input field={field} />;
  const common = {
    source: field.source,
    label: field.label,
    validate: field.validate,
    helperText: field.helperText,
  };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} fullWidth />;
    case 'longText':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'email':
      return <TextInput {...common} type="email" fullWidth />;
    case 'url':
      return <TextInput {...common} type="url" fullWidth />;
    case 'number':
      return <NumberInput {...common} fullWidth />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'choice': {
      // Inputs hand back the chosen id as text; boolean ids (e.g. Persoon/Organisatie) must stay booleans.
      const parse = field.choices.some((choice) => typeof choice.id === 'boolean')
        ? parseBooleanChoice
        : undefined;
      return field.display === 'radio' ? (
        <RadioButtonGroupInput {...common} choices={[...field.choices]} parse={parse} />
      ) : (
        <SelectInput {...common} choices={[...field.choices]} parse={parse} fullWidth />
      );
    }
    case 'reference':
      return (
        <ReferenceInput source={field.source} reference={field.reference}>
          <AutocompleteInput {...common} optionText={field.optionText} fullWidth />
        </ReferenceInput>
      );
    case 'mediaFile':
      return <MediaFileInput field={field} />;
  }
}

function parseBooleanChoice(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
