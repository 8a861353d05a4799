import type { FieldDefinition } from '@contract/publications';
import type { FieldDraft, FieldProblem } from '../blockDraft';

/** What every field input of the block editor gets. */
export interface FieldInputProps<TValue extends FieldDraft = FieldDraft> {
  /** Unique on the page: the block's id and the field's name. */
  id: string;
  field: FieldDefinition;
  value: TValue;
  onChange(value: TValue): void;
  /** The problems to show on this field (or its parts). */
  problems: readonly FieldProblem[];
  /** Shown, not changed: a role that cannot save the block (a Lezer). */
  readOnly?: boolean;
}
