import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { notYetAvailableRoutes, routeElementPath } from '../../src/custom/notYetAvailableRoutes';
import { routePathKey } from '../../src/custom/routePathKey';
import { specRoutes } from '../../src/custom/specRoutes';

const pathsOf = (routes: ReturnType<typeof notYetAvailableRoutes>) => routes.map(routeElementPath);

describe('not-yet-available routes', () => {
  it('covers every route of spec §2 while nothing is declared', () => {
    const paths = pathsOf(notYetAvailableRoutes([]));
    expect(paths).toHaveLength(specRoutes.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/publications/',
        '/recievers/lists/:id/import',
        '/recievers/audiences/:id/:audienceName',
        '/media/*',
        '/settings/advanced',
        '/forms/:flowId/:id',
      ]),
    );
  });

  it('leaves the routes a declaration provides to that declaration, whatever it names its parameters', () => {
    const declared = [
      <Route key="lists" path="/recievers/lists" element={<p />} />,
      <Route key="list" path="recievers/lists/:listId/" element={<p />} />,
    ];
    const paths = pathsOf(notYetAvailableRoutes(declared));
    expect(paths).not.toContain('/recievers/lists/');
    expect(paths).not.toContain('/recievers/lists/:id');
    expect(paths).toContain('/recievers/lists/:id/import');
    expect(paths).toHaveLength(specRoutes.length - 2);
  });

  it('compares paths by what they match', () => {
    expect(routePathKey('/recievers/lists/:listId/')).toBe(routePathKey('recievers/lists/:id'));
    expect(routePathKey('/forms/:id/data')).not.toBe(routePathKey('/forms/:flowId/:id'));
  });
});
