import type { FieldDeclaration } from './fieldDeclaration';

/** The declared default values of the given fields, for react-admin's `<Form defaultValues>`. */
export function formDefaults(fields: readonly FieldDeclaration[]): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter((field) => field.defaultValue !== undefined)
      .map((field) => [field.source, field.defaultValue]),
  );
}
