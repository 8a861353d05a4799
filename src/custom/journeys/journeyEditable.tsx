import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { createContext, useContext } from 'react';

/**
 * Whether the journey's inputs may change: the member's role may save the journey (`useCallAccess`
 * in JourneyEditor). A Lezer reads the same inputs, read-only, and gets no add, move or remove.
 */
export const JourneyEditable = createContext(true);

export const useJourneyEditable = () => useContext(JourneyEditable);

/** The editor's text field: read-only where the role cannot save the journey. */
export function EditorTextField({ slotProps, ...props }: TextFieldProps) {
  const editable = useJourneyEditable();
  return (
    <TextField {...props} slotProps={{ ...slotProps, input: { ...slotProps?.input, readOnly: !editable } }} />
  );
}
