import type { LogActor } from '../../../server/src/auditLog/recordInLog';
import { demoUsers } from '../../../server/src/seed/ids';

/** The member a test's direct calls of the area modules act as: the demo's Anne, as the Logboek names her. */
export const testActor: LogActor = { userId: demoUsers.anne.id, name: demoUsers.anne.name };
