import { useContext, type ReactElement } from 'react';
import { SaveButton, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { DeclaredFormContext } from './DeclaredFormContext';
import { DeniedButton } from './DeniedButton';

/**
 * The submit of a form shell: disabled with the reason when the member's role may not save, absent while
 * an input blocks it (an empty picker, the deliver check's blockers) or while the role is still read;
 * disabled while the form saves.
 */
export function FormSubmit({
  label,
  icon,
  color = 'primary',
  deniedReason,
  hidden = false,
}: {
  /** An i18n key or text. */
  label: string;
  icon?: ReactElement;
  color?: 'primary' | 'error';
  deniedReason?: string;
  hidden?: boolean;
}) {
  const translate = useTranslate();
  const { submitBlocked } = useContext(DeclaredFormContext);
  const { isSubmitting } = useFormState();
  if (deniedReason)
    return (
      <DeniedButton
        variant="contained"
        startIcon={icon}
        reason={deniedReason}
        text={translate(label, { _: label })}
      />
    );
  if (hidden || submitBlocked) return null;
  // Enabled also when nothing was changed (an action's form submits its defaults), but not while the
  // save is under way: SaveButton's alwaysEnable would keep it enabled then too.
  return <SaveButton label={label} icon={icon} color={color} alwaysEnable={!isSubmitting} />;
}
