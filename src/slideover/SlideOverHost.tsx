import { slideOverRegistry } from './registry';
import { SlideOverStack } from './SlideOverStack';

/**
 * The console's slide-overs: every type of the registry, opened with the `slideover` window event.
 * Render it once, inside react-admin's context (the layout), so panels can use the dataProvider,
 * translations and the router.
 */
export function SlideOverHost() {
  return <SlideOverStack registry={slideOverRegistry} />;
}
