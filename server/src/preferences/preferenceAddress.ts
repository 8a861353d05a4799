// Where the preference page lives: `/v/{environmentId}?k={address token}` shows it; its forms post to
// `…/lijsten` (the lists), `…/afmelden` (unsubscribe from everything) and `…/opnieuw-aanmelden` (ask
// for the confirmation mail), each with the same `?k=`; the mailed confirmation is
// `/v/{environmentId}/bevestigen/{confirmation token}` (GET shows the button, POST confirms). The address
// token holds the address itself, longer than a path segment may be (Fastify's 100 characters), so it
// travels in the query, as the test unsubscribe link's does.

export const preferencePrefix = '/v';

/** The query parameter of the address token. */
export const tokenParameter = 'k';

export const preferenceActions = {
  lists: 'lijsten',
  unsubscribeAll: 'afmelden',
  resubscribe: 'opnieuw-aanmelden',
} as const;
export type PreferenceAction = (typeof preferenceActions)[keyof typeof preferenceActions];

export function preferencePath(environmentId: string, token: string, action?: PreferenceAction): string {
  return `${preferencePrefix}/${environmentId}${action ? `/${action}` : ''}?${tokenParameter}=${token}`;
}

/** The personal link 'Je voorkeuren' of a message. */
export function preferenceUrl(publicUrl: string, environmentId: string, token: string): string {
  return `${publicUrl}${preferencePath(environmentId, token)}`;
}

export function confirmPath(environmentId: string, token: string): string {
  return `${preferencePrefix}/${environmentId}/bevestigen/${token}`;
}

/** The example link of a preview: each recipient gets a signed one in its place. */
export function previewPreferenceUrl(publicUrl: string, environmentId: string): string {
  return `${publicUrl}${preferencePrefix}/${environmentId}?${tokenParameter}=jouw-persoonlijke-code`;
}
