import { audiences } from '../../../src/resources/audiences';
import { lists } from '../../../src/resources/lists';
import { listImports } from '../../../src/resources/listImports';
import { subscribers } from '../../../src/resources/subscribers';
import { unsubscribers } from '../../../src/resources/unsubscribers';
import type { ResourceDeclaration } from '../../../src/declarative/resourceDeclaration';

/** The receivers area's declarations, as the console registers them. */
export const receiverResources = [
  lists,
  listImports,
  subscribers,
  unsubscribers,
  audiences,
] as unknown as readonly ResourceDeclaration[];
