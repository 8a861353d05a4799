import { describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../../src/declarative/lazyView';
import { preloadRoute } from '../../src/declarative/preloadRoute';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { declaredRoutes } from '../../src/declarative/routes';

/** A detail page with a lazy header part and a lazy section, as the list page has (ListLabels). */
function declarationWithLazyParts() {
  const HeaderPart = () => null;
  const SectionPart = () => null;
  const loadHeader = vi.fn(async () => ({ HeaderPart }));
  const loadSection = vi.fn(async () => ({ SectionPart }));
  const declaration = defineResource<RaRecord & { title: string }>({
    name: 'folders',
    label: { one: 'Map', many: 'Mappen' },
    api: { getOne: { method: 'GET', path: '/folder/{id}' } },
    fields: [{ source: 'title', label: 'Titel', kind: 'text' }],
    views: {
      show: {
        notFound: 'Deze map bestaat niet.',
        extra: lazyView(loadHeader, 'HeaderPart'),
        sections: [{ component: lazyView(loadSection, 'SectionPart') }],
      },
    },
    routes: { show: '/folders/:id' },
  });
  return { declaration, loadHeader, loadSection };
}

describe('preloadRoute', () => {
  // React 19 holds a shown Suspense fallback for 300 ms: a part whose code is fetched only when the
  // page renders (its record prefetched) cost the list page that much on every reload.
  it("fetches a detail page's lazy parts with the page, before it renders", () => {
    const { declaration, loadHeader, loadSection } = declarationWithLazyParts();
    preloadRoute(declaredRoutes([declaration]), '/folders/7');
    expect(loadHeader).toHaveBeenCalledOnce();
    expect(loadSection).toHaveBeenCalledOnce();
  });

  it('fetches nothing for a page at another address', () => {
    const { declaration, loadHeader, loadSection } = declarationWithLazyParts();
    preloadRoute(declaredRoutes([declaration]), '/publications/7');
    expect(loadHeader).not.toHaveBeenCalled();
    expect(loadSection).not.toHaveBeenCalled();
  });
});
