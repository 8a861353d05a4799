import { badRequest } from '../errors';
import { hasControlCharacter } from '../http/controlCharacters';

/**
 * Splits the still percent-encoded remainder of `/media/{path}` into folder names below the root.
 * Empty segments (`//`, a trailing `/`) are ignored, so `''` and `'/'` both mean the root.
 * Traversal is refused, also when hidden behind an encoding (`%2e%2e`, `%2f`, `%5c`): a 400, never a lookup.
 */
export function parseMediaPath(rawPath: string): string[] {
  const withoutQuery = rawPath.split('?')[0] ?? '';
  const names: string[] = [];
  for (const raw of withoutQuery.split('/')) {
    if (raw === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw badRequest('path', 'Het pad bevat een ongeldige codering.');
    }
    if (name === '.' || name === '..' || /[/\\]/.test(name) || hasControlCharacter(name)) {
      throw badRequest(
        'path',
        "Het pad is ongeldig: '.', '..', '/' en '\\' zijn als mapnaam niet toegestaan.",
      );
    }
    names.push(name);
  }
  return names;
}

/** The console's notation of a folder path: `/` for the root, else `/A/B`. */
export function formatMediaPath(names: readonly string[]): string {
  return `/${names.join('/')}`;
}
