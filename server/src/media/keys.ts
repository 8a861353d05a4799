/** Store keys of the media area; the only place that decides how objects are laid out in a `MediaStore`. */

/** Prefix of every original upload. */
export const filesPrefix = 'files';
/** Prefix of every cached image rendition. */
export const renditionsPrefix = 'renditions';

/** The uploaded bytes of one file. */
export function fileKey(environmentId: string, fileId: string): string {
  return `${filesPrefix}/${environmentId}/${fileId}`;
}

/** All cached renditions of one file (removed with the file). */
export function renditionsKey(environmentId: string, fileId: string): string {
  return `${renditionsPrefix}/${environmentId}/${fileId}`;
}

/** One cached rendition, e.g. `renditions/{env}/{file}/740x500-crop`. */
export function renditionKey(environmentId: string, fileId: string, variant: string): string {
  return `${renditionsKey(environmentId, fileId)}/${variant}`;
}
