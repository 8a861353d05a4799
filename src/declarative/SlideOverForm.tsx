import { styled } from '@mui/material/styles';
import { useCallback, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Form, SaveButton, useTranslate, type RaRecord } from 'react-admin';
import { SlideOverCloseButton } from '../slideover/SlideOverCloseButton';
import { SlideOverPanel } from '../slideover/SlideOverPanel';
import { DeclaredFormContext } from './DeclaredFormContext';
import { DeniedButton } from './DeniedButton';
import { FormHead } from './FormHead';
import type { SubmitWithServerError } from './useSubmitWithServerError';
import type { FormOpening } from './viewDeclaration';

export interface SlideOverFormProps extends SubmitWithServerError {
  title: ReactNode;
  /** An i18n key or text: 'Toevoegen', 'Opslaan', 'Verwijderen', … */
  submitLabel: string;
  submitIcon?: ReactElement;
  submitColor?: 'primary' | 'error';
  description?: ReactNode;
  notice?: ReactNode;
  /** The record and call values the panel was opened with; its inputs may read them. */
  opening?: FormOpening;
  /** The record whose values the inputs start with (an edit). */
  record?: Partial<RaRecord>;
  defaultValues?: Record<string, unknown>;
  /** The member's role may not save: the submit shows disabled with this reason (and Enter saves nothing). */
  deniedReason?: string;
  /** The role is still being read: no submit yet. */
  submitHidden?: boolean;
  children: ReactNode;
}

const saveNothing = () => undefined;

// The form wraps the whole panel so that the footer's submit button submits it.
const PanelForm = styled(Form)({ display: 'flex', flexDirection: 'column', height: '100%' });

/**
 * The one shell of a form in a slide-over: the panel's title, the description, notice and server
 * message above the inputs, 'Sluiten' and the submit button below them. An input with nothing to
 * offer (an empty picker) takes the submit button away.
 */
export function SlideOverForm({
  title,
  submitLabel,
  submitIcon,
  submitColor = 'primary',
  description,
  notice,
  opening = {},
  record,
  defaultValues,
  submit,
  serverError,
  deniedReason,
  submitHidden = false,
  children,
}: SlideOverFormProps) {
  const translate = useTranslate();
  const [blocked, setBlocked] = useState<readonly string[]>([]);
  const blockSubmit = useCallback((key: string, block: boolean) => {
    setBlocked((keys) => (block ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key)));
  }, []);
  const setting = useMemo(
    () => ({ record: opening.record, meta: opening.meta, blockSubmit }),
    [opening.record, opening.meta, blockSubmit],
  );
  return (
    <DeclaredFormContext.Provider value={setting}>
      <PanelForm
        record={record}
        defaultValues={defaultValues}
        onSubmit={deniedReason || submitHidden ? saveNothing : submit}
        noValidate
        // The form shows its errors itself (FormHead, the inputs): no toast repeating them.
        disableInvalidFormNotification
      >
        <SlideOverPanel
          title={title}
          actions={
            <>
              <SlideOverCloseButton />
              {deniedReason ? (
                <DeniedButton
                  variant="contained"
                  startIcon={submitIcon}
                  reason={deniedReason}
                  text={translate(submitLabel, { _: submitLabel })}
                />
              ) : blocked.length === 0 && !submitHidden ? (
                <SaveButton label={submitLabel} icon={submitIcon} color={submitColor} alwaysEnable />
              ) : null}
            </>
          }
        >
          <FormHead description={description} notice={notice} serverError={serverError} />
          {children}
        </SlideOverPanel>
      </PanelForm>
    </DeclaredFormContext.Provider>
  );
}
