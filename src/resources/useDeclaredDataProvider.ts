import { useDataProvider } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import type { DeclaredActions } from '.';

/**
 * The dataProvider with the console's declared actions: `action('publications', 'render', …)` answers a
 * `RenderedPublication`, and an action no declaration has is a compile error.
 */
export function useDeclaredDataProvider(): DeclaredDataProvider<DeclaredActions> {
  return useDataProvider<DeclaredDataProvider<DeclaredActions>>();
}
