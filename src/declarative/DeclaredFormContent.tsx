import { DeclaredInput } from './DeclaredInput';
import type { FieldDeclaration } from './fieldDeclaration';

/** The inputs of a declared form, one per field. */
export function DeclaredFormContent({ fields }: { fields: readonly FieldDeclaration[] }) {
  return fields.map((field) => <DeclaredInput key={field.source} field={field} />);
}
