import { vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver. This stand-in lets a test say "the user scrolled to the end":
 * `scrollToEnd()` reports every observed element (the table's end) as visible.
 */
export function installIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();

  class StubIntersectionObserver {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);

  return {
    scrollToEnd() {
      for (const { callback, elements } of observers) {
        const entries = [...elements].map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    },
  };
}
