import type { FieldDeclaration } from './fieldDeclaration';

/** The props every generated input takes from its field's declaration. */
export function inputProps(field: FieldDeclaration) {
  return {
    source: field.source,
    label: field.label,
    validate: field.validate,
    helperText: field.helperText,
    parse: field.parse,
    format: field.format,
  };
}
