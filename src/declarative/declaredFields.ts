import type { FieldDeclaration } from './fieldDeclaration';
import type { ResourceDeclaration } from './resourceDeclaration';

/** The declared fields for the given sources, in that order; an undeclared source is a mistake. */
export function declaredFields(
  declaration: ResourceDeclaration,
  sources: readonly string[],
): FieldDeclaration[] {
  return sources.map((source) => {
    const field = declaration.fields.find((candidate) => candidate.source === source);
    if (!field) throw new Error(`Resource '${declaration.name}' declares no field '${source}'`);
    return field;
  });
}
