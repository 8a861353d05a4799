import type { BlockContent } from '@contract/publications';

/**
 * Whether two block contents hold the same values. The database may give an object's keys back in
 * another order than they were sent (jsonb), so keys are compared as sets, not as written.
 */
export function sameContent(a: BlockContent, b: BlockContent): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([left], [right]) => left.localeCompare(right)))
      : inner,
  );
}
