/** Store keys of the media store; the only place that decides how objects are laid out in a `MediaStore`. */

/** Prefix of every original upload. */
export const filesPrefix = 'files';
/** Prefix of every cached image rendition. */
export const renditionsPrefix = 'renditions';

/** Prefix of every list import's file (receivers/importFiles.ts). */
export const importsPrefix = 'imports';

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

/** The CSV file of one list import, from its upload until the import ends. */
export function importFileKey(environmentId: string, importId: string): string {
  return `${importsPrefix}/${environmentId}/${importId}`;
}

/** A key is one or more `/`-separated segments of letters, digits, dot, dash and underscore (no `..`). */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Refuses a key outside the plain alphabet: no path tricks on disk, and nothing an object store would
 * need to encode (signature mismatches for keys with special characters are a known trap).
 */
export function assertStoreKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`Invalid media store key '${key}'.`);
}
