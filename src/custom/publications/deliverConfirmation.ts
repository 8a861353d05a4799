import { confirmRecipientsAbove } from '@contract/mailLimits';
import { validateTyped } from '../../declarative/typedConfirmation';

// A delivery to many recipients is confirmed by typing their number (declarative/typedConfirmation.ts).

/** The form value the typed number is kept in (never sent to the server). */
export const confirmationSource = 'confirmRecipients';

/** Whether a delivery to this many recipients must be confirmed by typing the number. */
export function needsConfirmation(recipients: number): boolean {
  return recipients > confirmRecipientsAbove;
}

/** react-admin validator of the typed number: exactly the count (digits only, surrounding spaces allowed). */
export function validateConfirmation(recipients: number) {
  return validateTyped(() => ({
    expected: String(recipients),
    message: 'app.deliver.confirm.mismatch',
    args: { count: recipients },
  }));
}
