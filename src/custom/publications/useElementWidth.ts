import { useEffect, useState } from 'react';

/**
 * The content width of an element, followed as it resizes (undefined before it is measured). Returns a
 * callback ref, so an element that mounts later (after data arrives) is measured too.
 */
export function useElementWidth(): [(element: HTMLElement | null) => void, number | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
