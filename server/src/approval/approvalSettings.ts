import { eq } from 'drizzle-orm';
import type { ApprovalSetting } from '../contract/approval';
import type { ApprovalNeed } from '../contract/publications';
import type { Database } from '../db/client';
import { approvalSettings } from '../db/schema';
import { ApiError } from '../errors';
import { membersWhoMaySend } from './approvers';

/** The environment's 'Goedkeuring'; off (null) when never set. */
export async function approvalSettingOf(db: Database, environmentId: string): Promise<ApprovalSetting> {
  const [row] = await db
    .select({ minRecipients: approvalSettings.minRecipients })
    .from(approvalSettings)
    .where(eq(approvalSettings.environmentId, environmentId));
  return { minRecipients: row?.minRecipients ?? null };
}

export async function setApprovalSetting(
  db: Database,
  environmentId: string,
  setting: ApprovalSetting,
  userId: string,
): Promise<void> {
  const values = { minRecipients: setting.minRecipients, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(approvalSettings)
    .values({ environmentId, ...values })
    .onConflictDoUpdate({ target: approvalSettings.environmentId, set: values });
}

/** Whether a send to this many recipients needs approval under the setting. */
export function needsApproval(setting: ApprovalSetting, recipients: number): boolean {
  return setting.minRecipients !== null && recipients >= setting.minRecipients;
}

/** What the deliver check says about approval for `recipients`, asked by `askingUserId`. */
export async function approvalNeedFor(
  db: Database,
  environmentId: string,
  recipients: number,
  askingUserId: string,
): Promise<ApprovalNeed> {
  const setting = await approvalSettingOf(db, environmentId);
  const required = needsApproval(setting, recipients);
  const approvers = required
    ? (await membersWhoMaySend(db, environmentId)).filter((member) => member.id !== askingUserId)
    : [];
  return {
    required,
    minRecipients: setting.minRecipients,
    approvers: approvers.map((member) => member.name),
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
