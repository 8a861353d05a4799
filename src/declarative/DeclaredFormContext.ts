import { createContext, useCallback, useContext, useMemo, useState } from 'react';
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
  /** Whether an input takes the submit button away now (FormSubmit reads it). */
  submitBlocked?: boolean;
}

export const DeclaredFormContext = createContext<DeclaredFormSetting>({ blockSubmit: () => undefined });

/**
 * The setting a form provides to its inputs, with the one record of which inputs block the submit now:
 * every form shell (slide-over, page, the deliver page) provides it, so an input that blocks works in each.
 */
export function useDeclaredFormSetting(
  record?: RaRecord,
  meta?: Record<string, unknown>,
): DeclaredFormSetting {
  const [blocked, setBlocked] = useState<readonly string[]>([]);
  const blockSubmit = useCallback((key: string, block: boolean) => {
    setBlocked((keys) => (block ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key)));
  }, []);
  const submitBlocked = blocked.length > 0;
  return useMemo(
    () => ({ record, meta, blockSubmit, submitBlocked }),
    [record, meta, blockSubmit, submitBlocked],
  );
}

/** What choice functions, `exclude` and `when` receive: the form's record, call values and current values. */
export function useFormContextValues(): FormContextValues {
  const { record, meta } = useContext(DeclaredFormContext);
  const values = useWatch() as Record<string, unknown>;
  return { record, meta, values };
}
