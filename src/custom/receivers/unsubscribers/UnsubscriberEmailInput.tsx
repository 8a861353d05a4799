import { TextInput } from 'react-admin';
import type { DeclaredInputProps } from '../../../declarative/fieldDeclaration';

/** The address of a new unsubscriber: an input of type email that is required (spec §5). */
export function UnsubscriberEmailInput({ field }: DeclaredInputProps) {
  return (
    <TextInput
      source={field.source}
      label={field.label}
      validate={field.validate}
      type="email"
      autoComplete="off"
      slotProps={{ htmlInput: { required: true } }}
      fullWidth
    />
  );
}
