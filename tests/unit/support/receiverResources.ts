import { resources } from '../../../src/resources';

/** The receivers area's declarations, as the console registers them (taken from the registry itself). */
const receiverNames: ReadonlySet<string> = new Set([
  'lists',
  'listImports',
  'importRefusals',
  'subscribers',
  'unsubscribers',
  'audiences',
]);

export const receiverResources = resources.filter((declaration) => receiverNames.has(declaration.name));
