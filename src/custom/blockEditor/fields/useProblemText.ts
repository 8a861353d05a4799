import type { FieldDefinition } from '@contract/publications';
import { useTranslate } from 'react-admin';
import type { FieldProblem } from '../blockDraft';

/** The Dutch text of a field's problem at `path` (the field name, or `name.part`), if it has one. */
export function useProblemText(field: FieldDefinition, problems: readonly FieldProblem[]) {
  const translate = useTranslate();
  return (path: string = field.name): string | undefined => {
    const problem = problems.find((candidate) => candidate.path === path);
    return problem ? translate(problem.message, { field: field.label, ...problem.values }) : undefined;
  };
}
