import type { FieldDeclaration } from './fieldDeclaration';
import type { ResourceDeclaration } from './resourceDeclaration';

/**
 * The fields of a form, in its order: a source names a declared field of the resource (an undeclared
 * one is a mistake), a declaration is a field of that form only.
 */
export function declaredFields(
  declaration: ResourceDeclaration,
  entries: readonly (string | FieldDeclaration)[],
): FieldDeclaration[] {
  return entries.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const field = declaration.fields.find((candidate) => candidate.source === entry);
    if (!field) throw new Error(`Resource '${declaration.name}' declares no field '${entry}'`);
    return field;
  });
}
