import type { WebFont } from '@contract/themes';
import { systemFontStacks } from '@contract/themes';

/** The stacks publications fall back on, as the renderer does (server/src/rendering/themeStyle.ts). */
export const defaultFontKeys = { heading: 'georgia', body: 'arial' } as const;

const stackOf = (key: string) => systemFontStacks.find((stack) => stack.key === key);

/**
 * The CSS font-family of a theme's font choice: a system stack by its key, or a web font of the theme
 * by its id (its family first, then the default stack of its role, as publications write it).
 */
export function fontFamilyOf(
  choice: unknown,
  fonts: readonly WebFont[],
  role: keyof typeof defaultFontKeys,
): { family: string; webFont?: WebFont } {
  const fallback = stackOf(defaultFontKeys[role])!.fontFamily;
  const webFont = fonts.find((font) => font.id === choice);
  if (webFont) return { family: `'${webFont.fontIdentifier}', ${fallback}`, webFont };
  return { family: (typeof choice === 'string' ? stackOf(choice)?.fontFamily : undefined) ?? fallback };
}

/** How a font choice reads: the system stack's label or the web font's name. */
export function fontNameOf(choice: unknown, fonts: readonly WebFont[]): string | undefined {
  const webFont = fonts.find((font) => font.id === choice);
  if (webFont) return webFont.fontIdentifier;
  return typeof choice === 'string' ? stackOf(choice)?.label : undefined;
}
