import {
  BooleanInput,
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  regex,
  type Validator,
} from 'react-admin';
import { ColorInput, hexColor } from './ColorInput';
import { useFormContextValues } from './DeclaredFormContext';
import { DutchDateInput } from './DutchDateInput';
import { DutchNumberInput } from './DutchNumberInput';
import type { Choice, DeclaredInputProps, FieldDeclaration } from './fieldDeclaration';
import { inputProps } from './inputProps';
import { MediaFileInput } from './MediaFileInput';
import { ReferencePicker } from './ReferencePicker';

/**
 * The react-admin input for a declared field, chosen by its kind (or the field's own `input`); a field
 * with `when` shows only while its condition holds. Default values are set on the form (see formDefaults).
 */
export function DeclaredInput({ field }: DeclaredInputProps) {
  return field.when ? <ConditionalInput field={field} /> : <FieldInput field={field} />;
}

function ConditionalInput({ field }: DeclaredInputProps) {
  const context = useFormContextValues();
  return field.when?.(context) ? <FieldInput field={field} /> : null;
}

function FieldInput({ field }: DeclaredInputProps) {
  if (field.input) return <field.input field={field} />;
  const common = inputProps(field);
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
      return <DutchNumberInput {...common} fractions={field.kind === 'number' && field.fractions} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DutchDateInput {...common} withTime={false} />;
    case 'dateTime':
      return <DutchDateInput {...common} withTime />;
    case 'choice':
      return typeof field.choices === 'function' ? (
        <ComputedChoiceInput field={field} />
      ) : (
        <ChoiceInput field={field} choices={field.choices} />
      );
    case 'reference':
      return <ReferencePicker field={field} />;
    case 'mediaFile':
      return <MediaFileInput field={field} />;
    case 'color':
      return <ColorInput {...common} validate={colorValidators(field.validate)} />;
  }
}

/** A colour field always checks the form the API accepts, besides its own validators. */
function colorValidators(validate: FieldDeclaration['validate']): Validator[] {
  return [...(Array.isArray(validate) ? validate : validate ? [validate] : []), validHexColor];
}

const validHexColor = regex(hexColor, 'declarative.color.invalid');

function ComputedChoiceInput({ field }: DeclaredInputProps) {
  const context = useFormContextValues();
  if (field.kind !== 'choice' || typeof field.choices !== 'function') return null;
  return <ChoiceInput field={field} choices={field.choices(context)} />;
}

function ChoiceInput({ field, choices }: { field: FieldDeclaration; choices: readonly Choice[] }) {
  const common = inputProps(field);
  // Inputs hand back the chosen id as text; boolean and numeric ids must keep their type.
  const parse = common.parse ?? typedChoiceParser(choices);
  if (field.kind === 'choice' && field.multiple)
    return <CheckboxGroupInput {...common} choices={[...choices]} row={false} />;
  return field.kind === 'choice' && field.display === 'radio' ? (
    <RadioButtonGroupInput {...common} choices={[...choices]} parse={parse} />
  ) : (
    <SelectInput {...common} choices={[...choices]} parse={parse} fullWidth />
  );
}

function typedChoiceParser(choices: readonly Choice[]) {
  if (choices.some((choice) => typeof choice.id === 'boolean')) return parseBooleanChoice;
  if (choices.length > 0 && choices.every((choice) => typeof choice.id === 'number'))
    return parseNumberChoice;
  return undefined;
}

function parseBooleanChoice(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function parseNumberChoice(value: unknown): unknown {
  return value === '' || value === null || value === undefined ? null : Number(value);
}
