import { styled } from '@mui/material/styles';
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Form, type RaRecord } from 'react-admin';
import { SlideOverCloseButton } from '../slideover/SlideOverCloseButton';
import { SlideOverPanel } from '../slideover/SlideOverPanel';
import { DeclaredFormContext, useDeclaredFormSetting } from './DeclaredFormContext';
import { FormHead } from './FormHead';
import { FormSubmit } from './FormSubmit';
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

/** The controls a person types or chooses in (MUI's hidden native inputs left out). */
const firstControl = [
  'input:not([type="hidden"]):not([disabled]):not([aria-hidden="true"])',
  'textarea:not([disabled]):not([aria-hidden="true"])',
  '[role="combobox"]:not([aria-disabled="true"])',
].join(', ');

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
  const setting = useDeclaredFormSetting(opening.record, opening.meta);
  // The panel opens with the focus in its first field, so what is typed goes there ('Afwijzen' → the
  // reason); the drawer would focus its own frame. Runs before the drawer's focus trap looks (a child's
  // effect runs first), which then leaves a focus inside the panel alone.
  const inputs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    inputs.current?.querySelector<HTMLElement>(firstControl)?.focus();
  }, []);
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
              <FormSubmit
                label={submitLabel}
                icon={submitIcon}
                color={submitColor}
                deniedReason={deniedReason}
                hidden={submitHidden}
              />
            </>
          }
        >
          <FormHead description={description} notice={notice} serverError={serverError} />
          <div ref={inputs} style={{ display: 'contents' }}>
            {children}
          </div>
        </SlideOverPanel>
      </PanelForm>
    </DeclaredFormContext.Provider>
  );
}
