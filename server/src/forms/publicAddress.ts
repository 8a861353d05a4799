/** Where the public form pages live: `/f/{environmentId}/{flowId}` (short, so it fits on a poster or in a mail). */
export const publicFormPrefix = '/f';

/** The path of a form's public page. */
export function publicFormPath(environmentId: string, flowId: string): string {
  return `${publicFormPrefix}/${environmentId}/${flowId}`;
}

/** The path people land on after sending their answers (post, redirect, get: a reload sends nothing twice). */
export function publicFormSentPath(environmentId: string, flowId: string): string {
  return `${publicFormPath(environmentId, flowId)}/verzonden`;
}

/** The address of a form's public page, as users reach the server (`PUBLIC_URL`). */
export function publicFormUrl(publicUrl: string, environmentId: string, flowId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${publicFormPath(environmentId, flowId)}`;
}
