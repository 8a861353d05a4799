import { TextInput } from 'react-admin';
import type { DeclaredInputProps } from '../../../declarative/fieldDeclaration';
import { selectOnMount } from '../focusOnMount';

/**
 * The DirectoryName field of the New folder and Rename folder panels: required, focused with its text
 * selected (typing replaces a name being changed), and a refusal under it is announced.
 */
export function FolderNameInput({ field }: DeclaredInputProps) {
  return (
    <TextInput
      source={field.source}
      label={field.label}
      validate={field.validate}
      helperText={false}
      inputRef={selectOnMount}
      slotProps={{ formHelperText: { role: 'alert' }, htmlInput: { required: true } }}
      fullWidth
    />
  );
}
