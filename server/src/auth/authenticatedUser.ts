import type { MemberRoleName } from '../contract/memberRoles';

/** The signed-in member a scoped handler works for (request.user). */
export interface AuthenticatedUser {
  id: string;
  /** The e-mail address the user signs in with. */
  username: string;
  name: string;
  /** The member's role in the request's environment (contract/memberRoles.ts). */
  role: MemberRoleName;
}
