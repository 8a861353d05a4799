// Where a sign-up form lives: `/s/{environmentId}/{formId}` (GET shows it, POST signs up, from the hosted
// page or from the snippet on another site), `…/controleer-je-mail` after a sign-up, and
// `…/bevestigen/{token}` for the mailed link (GET shows 'Bevestigen', POST confirms).

export const signUpPrefix = '/s';

export function signUpPath(environmentId: string, formId: string): string {
  return `${signUpPrefix}/${environmentId}/${formId}`;
}

export function checkMailPath(environmentId: string, formId: string): string {
  return `${signUpPath(environmentId, formId)}/controleer-je-mail`;
}

export function confirmPath(environmentId: string, formId: string, token: string): string {
  return `${signUpPath(environmentId, formId)}/bevestigen/${token}`;
}

/** PUBLIC_URL without a trailing slash: the base of every address in a mail or a snippet. */
export function publicBase(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}
