// A deliberate act is confirmed by typing what it concerns, as GitHub asks for a repository's name before
// deleting it: a delivery to many recipients (their number), erasing a person (their address).

/** What the typed text must equal, and the message (an i18n key with its arguments) when it does not. */
export interface TypedConfirmation {
  expected: string;
  message: string;
  args?: Record<string, unknown>;
  /** Letters' case does not count (an e-mail address). */
  ignoreCase?: boolean;
}

/** react-admin validator of the typed text: exactly the expected text, surrounding spaces allowed. */
export function validateTyped(confirmation: (values: Record<string, unknown>) => TypedConfirmation) {
  return (value: unknown, values: Record<string, unknown> = {}) => {
    const { expected, message, args, ignoreCase } = confirmation(values);
    const typed = String(value ?? '').trim();
    const same = ignoreCase ? typed.toLowerCase() === expected.toLowerCase() : typed === expected;
    return same ? undefined : { message, args: args ?? {} };
  };
}
