/**
 * Folder paths of the media explorer. The console route is `/media/{path}` (spec §2) with the folder
 * names below the root, e.g. `/media/Foto's/Zomer`; the API reads the same names (`GET /media/{path}`).
 * A path is kept as its list of folder names; `[]` is the root.
 */
export type FolderPath = readonly string[];

/** The route prefix of the media explorer. */
export const mediaRoute = '/media';

/**
 * Folder names from a location pathname such as `/media/Foto%27s/Zomer` (still encoded, as the
 * browser keeps it): each segment is decoded exactly once, so a name with `%` in it survives.
 */
export function parseFolderUrl(pathname: string): FolderPath {
  const rest = pathname.startsWith(mediaRoute) ? pathname.slice(mediaRoute.length) : pathname;
  return rest
    .split('/')
    .filter((name) => name !== '')
    .map(safeDecode);
}

/** The console URL of a folder: `/media/` for the root, `/media/Foto's/Zomer` below it. */
export function folderUrl(path: FolderPath): string {
  return `${mediaRoute}/${path.map(encodeURIComponent).join('/')}`;
}

/** The value of the `{path*}` placeholder of `GET /media/{path*}`: `''` for the root. */
export function folderApiPath(path: FolderPath): string {
  return path.map(encodeURIComponent).join('/');
}

/** The path one level up (the root stays the root). */
export function parentPath(path: FolderPath): FolderPath {
  return path.slice(0, -1);
}

export function childPath(path: FolderPath, name: string): FolderPath {
  return [...path, name];
}

/** A stable key for caches and React keys. */
export function folderPathKey(path: FolderPath): string {
  return `/${path.join('/')}`;
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
