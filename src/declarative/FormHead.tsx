import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FormHeadProps {
  /** The text above the inputs, already translated (e.g. 'Voeg een nieuwe map toe aan Foto's'). */
  description?: ReactNode;
  /** A warning under it, already translated. */
  notice?: ReactNode;
  /** The server's message of the last failed save. */
  serverError?: string;
}

/** What every form shows above its inputs: its description and notice, then the last save's error. */
export function FormHead({ description, notice, serverError }: FormHeadProps) {
  return (
    <>
      {description ? (
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {description}
        </Typography>
      ) : null}
      {notice ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      ) : null}
    </>
  );
}
