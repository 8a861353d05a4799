import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Renders a long list in steps: the first `step` items at once, `step` more each time the sentinel
 * element (placed after the last rendered item) comes near the viewport. A folder of thousands of files
 * shows its first screen immediately instead of mounting every tile up front.
 */
export function useProgressiveCount(
  total: number,
  step: number,
): [number, RefObject<HTMLDivElement | null>, () => void] {
  const [requested, setRequested] = useState(step);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const shown = Math.min(total, Math.max(requested, step));
  const showMore = () => setRequested((current) => Math.max(current, step) + step);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || shown >= total || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          setRequested((current) => Math.max(current, step) + step);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total, step]);

  return [shown, sentinel, showMore];
}
