/**
 * Whether a menu entry is the active one for the current location: its path is the location's path or
 * a prefix of it on a segment boundary (/recievers is active on /recievers/lists/abc, /media is not
 * active on /mediaplan). Trailing slashes do not matter.
 */
export function isActivePath(currentPath: string, entryPath: string): boolean {
  const current = withoutTrailingSlash(currentPath);
  const entry = withoutTrailingSlash(entryPath);
  if (entry === '') return current === '';
  return current === entry || current.startsWith(`${entry}/`);
}

function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '');
}
