/**
 * What a failed call says to the user: the server's Dutch message when it gave one (the HTTP layer puts
 * it on the error), else the fallback, an i18n key such as 'declarative.form.saveFailed'.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}
