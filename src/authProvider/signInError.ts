/** A sign-in that failed for a reason the console itself detected; `messageKey` is its Dutch message. */
export class SignInError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = 'SignInError';
  }
}
