import { systemFontStacks, type SystemFontKey } from '../contract/themes';

/** How a theme stores one font choice: a web font of the theme or a system stack, never both. */
export interface StoredFontChoice {
  fontId: string | null;
  systemFont: string | null;
}

const systemKeys = new Set<string>(systemFontStacks.map((stack) => stack.key));

export const isSystemFontKey = (value: string): value is SystemFontKey => systemKeys.has(value);

/** The API's single value: the web font's id or the system stack's key. */
export function fontChoiceValue(stored: StoredFontChoice): string {
  return stored.fontId ?? stored.systemFont ?? 'arial';
}
