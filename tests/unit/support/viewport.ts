/**
 * jsdom has no layout and no `matchMedia`; this installs one that answers width and pointer queries
 * for a pretend viewport, so that MUI's `useMediaQuery` and the sign-in method see a desktop or a phone.
 */
export function setViewport(
  width: number,
  pointer: 'fine' | 'coarse' = width < 900 ? 'coarse' : 'fine',
): void {
  window.matchMedia = (query: string) => ({
    matches: evaluate(query, width, pointer),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

function evaluate(query: string, width: number, pointer: string): boolean {
  return query
    .replace(/^@media\s*/, '')
    .split(/\s+and\s+/)
    .every((condition) => {
      const [, feature, value] = /\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)/.exec(condition) ?? [];
      if (feature === 'min-width') return width >= parseFloat(value);
      if (feature === 'max-width') return width <= parseFloat(value);
      if (feature === 'pointer') return value === pointer;
      return false;
    });
}
