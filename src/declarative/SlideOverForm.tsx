import { styled } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';
import { Form, SaveButton, type RaRecord } from 'react-admin';
import { SlideOverCloseButton } from '../slideover/SlideOverCloseButton';
import { SlideOverPanel } from '../slideover/SlideOverPanel';
import { FormHead } from './FormHead';
import type { SubmitWithServerError } from './useSubmitWithServerError';

export interface SlideOverFormProps extends SubmitWithServerError {
  title: ReactNode;
  /** An i18n key or text: 'Toevoegen', 'Opslaan', 'Verwijderen', … */
  submitLabel: string;
  submitIcon?: ReactElement;
  submitColor?: 'primary' | 'error';
  /** False when there is nothing to submit (an empty picker): only 'Sluiten' remains. */
  canSubmit?: boolean;
  description?: ReactNode;
  record?: Partial<RaRecord>;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}

// The form wraps the whole panel so that the footer's submit button submits it.
const PanelForm = styled(Form)({ display: 'flex', flexDirection: 'column', height: '100%' });

/**
 * The one shell of a form in a slide-over: the panel's title, the description and the server's
 * message above the inputs, 'Sluiten' and the submit button below them.
 */
export function SlideOverForm({
  title,
  submitLabel,
  submitIcon,
  submitColor = 'primary',
  canSubmit = true,
  description,
  record,
  defaultValues,
  submit,
  serverError,
  children,
}: SlideOverFormProps) {
  return (
    <PanelForm record={record} defaultValues={defaultValues} onSubmit={submit} noValidate>
      <SlideOverPanel
        title={title}
        actions={
          <>
            <SlideOverCloseButton />
            {canSubmit ? (
              <SaveButton label={submitLabel} icon={submitIcon} color={submitColor} alwaysEnable />
            ) : null}
          </>
        }
      >
        <FormHead description={description} serverError={serverError} />
        {children}
      </SlideOverPanel>
    </PanelForm>
  );
}
