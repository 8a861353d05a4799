import { createContext, useContext } from 'react';
import { useWatch } from 'react-hook-form';
import type { RaRecord } from 'react-admin';
import type { FormContextValues } from './fieldDeclaration';

export interface DeclaredFormSetting {
  /** The record the form was opened with: the edited record, or the parent a new record goes into. */
  record?: RaRecord;
  /** Call values such as `{listId}`. */
  meta?: Record<string, unknown>;
  /** An input with nothing to offer (an empty picker) takes the submit button away while it has nothing. */
  blockSubmit(key: string, blocked: boolean): void;
}

export const DeclaredFormContext = createContext<DeclaredFormSetting>({ blockSubmit: () => undefined });

/** What choice functions, `exclude` and `when` receive: the form's record, call values and current values. */
export function useFormContextValues(): FormContextValues {
  const { record, meta } = useContext(DeclaredFormContext);
  const values = useWatch() as Record<string, unknown>;
  return { record, meta, values };
}
