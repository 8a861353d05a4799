import { eq } from 'drizzle-orm';
import type { ApprovalSetting, ApprovalSettingBody } from '../contract/approval';
import { memberRoles, roleAllows, type MemberRoleName } from '../contract/memberRoles';
import { operationAccess } from '../contract/operationRoles';
import type { ApprovalNeed, DeliverCheckFinding } from '../contract/publications';
import type { Database } from '../db/client';
import { approvalSettings } from '../db/schema';
import { ApiError } from '../errors';
import { membersWhoMaySend } from './approvers';

/** The environment's 'Goedkeuring'; off (null) when never set. */
export async function approvalSettingOf(db: Database, environmentId: string): Promise<ApprovalSetting> {
  const [row] = await db
    .select({ minRecipients: approvalSettings.minRecipients, journeys: approvalSettings.journeys })
    .from(approvalSettings)
    .where(eq(approvalSettings.environmentId, environmentId));
  return { minRecipients: row?.minRecipients ?? null, journeys: row?.journeys ?? false };
}

export async function setApprovalSetting(
  db: Database,
  environmentId: string,
  setting: ApprovalSettingBody,
  userId: string,
): Promise<void> {
  const values = {
    minRecipients: setting.minRecipients,
    ...(setting.journeys === undefined ? {} : { journeys: setting.journeys }),
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(approvalSettings)
    .values({ environmentId, ...values })
    .onConflictDoUpdate({ target: approvalSettings.environmentId, set: values });
}

/** Whether a send to this many recipients needs approval under the setting. */
export function needsApproval(setting: ApprovalSetting, recipients: number): boolean {
  return setting.minRecipients !== null && recipients >= setting.minRecipients;
}

/** The least role the contract's table gives an operation of the environment scope. */
function leastRole(operation: string): MemberRoleName {
  const access = operationAccess(`POST /api/1/{environmentId}/${operation}`);
  const role = memberRoles.find((candidate) => candidate === access);
  if (!role) throw new Error(`${operation} needs a member role (contract/operationRoles.ts)`);
  return role;
}

/** The member asking the deliver check. */
export interface AskingMember {
  id: string;
  role: MemberRoleName;
}

/** Why this member cannot send at all under the setting (a blocker of the deliver check); none when they can. */
export function sendRefusalFor(
  setting: ApprovalSetting,
  member: AskingMember,
): DeliverCheckFinding | undefined {
  if (roleAllows(member.role, leastRole('deliveryjobs'))) return undefined;
  const mayAsk = roleAllows(member.role, leastRole('approvalrequests'));
  if (mayAsk && setting.minRecipients !== null) return undefined;
  return {
    code: 'roleMayNotSend',
    message: mayAsk
      ? "Alleen een Verzender of Beheerder kan verspreiden. Met 'Goedkeuring' aan kun je een verzending laten goedkeuren."
      : 'Alleen een Verzender of Beheerder kan verspreiden.',
  };
}

/**
 * What the deliver check says about approval for `recipients`, asked by `asker`. A member below the role
 * that creates jobs sends only through a request, so with approval on they need it for every send.
 */
export async function approvalNeedFor(
  db: Database,
  environmentId: string,
  recipients: number,
  asker: AskingMember,
): Promise<{ approval: ApprovalNeed; blocker?: DeliverCheckFinding }> {
  const setting = await approvalSettingOf(db, environmentId);
  const blocker = sendRefusalFor(setting, asker);
  const mayDeliver = roleAllows(asker.role, leastRole('deliveryjobs'));
  const required = blocker === undefined && (mayDeliver ? needsApproval(setting, recipients) : true);
  const approvers = required
    ? (await membersWhoMaySend(db, environmentId)).filter((member) => member.id !== asker.id)
    : [];
  return {
    approval: {
      required,
      minRecipients: setting.minRecipients,
      approvers: approvers.map((member) => member.name),
    },
    ...(blocker ? { blocker } : {}),
  };
}

/**
 * Refuses a job that needs approval and has none (POST /deliveryjobs): 409 naming the audience, with the
 * way to ask for it.
 */
export async function refuseUnapprovedDelivery(
  db: Database,
  environmentId: string,
  recipients: number,
): Promise<void> {
  const setting = await approvalSettingOf(db, environmentId);
  if (!needsApproval(setting, recipients)) return;
  throw new ApiError(
    409,
    `Een verzending naar ${recipients} ontvangers heeft goedkeuring nodig (vanaf ${setting.minRecipients}): vraag die aan met 'Verspreiden'.`,
    'audienceId',
  );
}

/** Whether publishing a journey needs approval now ('Goedkeuring' with journeys on). */
export async function journeyPublishNeedsApproval(db: Database, environmentId: string): Promise<boolean> {
  return (await approvalSettingOf(db, environmentId)).journeys;
}

/** Refuses publishing a journey directly while it needs approval (POST /journeys/{id}/publish): 409. */
export async function refuseUnapprovedPublish(db: Database, environmentId: string): Promise<void> {
  if (!(await journeyPublishNeedsApproval(db, environmentId))) return;
  throw new ApiError(
    409,
    "Het publiceren van een traject heeft goedkeuring nodig: vraag die aan met 'Publiceren'.",
  );
}

/** Refuses asking approval to publish a journey while that is not needed (another member may publish): 409. */
export async function refuseNeedlessPublishRequest(db: Database, environmentId: string): Promise<void> {
  if (await journeyPublishNeedsApproval(db, environmentId)) return;
  throw new ApiError(
    409,
    'Goedkeuring voor het publiceren van trajecten staat uit: een Verzender of Beheerder publiceert.',
  );
}
