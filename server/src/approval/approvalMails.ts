import { and, eq, isNull } from 'drizzle-orm';
import type { ApprovalRequest } from '../contract/approval';
import type { Database } from '../db/client';
import { approvalRequests, users } from '../db/schema';
import { html } from '../http/html';
import { environmentMailHeader } from '../mail/environmentHeader';
import type { MailTransport } from '../mail/mailTransport';
import { membersWhoMaySend } from './approvers';

// The mails of 'Goedkeuring', from the platform's own address (MAIL_FROM): to the members who may approve
// when a request is made, to the requester when it is rejected (with the reason). Each goes once: the
// request's row is marked in the statement that claims the mail, before it is handed over, so a retried
// or repeated call finds it claimed and sends nothing.

export interface ApprovalMailContext {
  db: Database;
  mail: Pick<MailTransport, 'mailer' | 'from'>;
  /** The console's address, for the link to the request. */
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

type Column = typeof approvalRequests.approversMailedAt | typeof approvalRequests.requesterMailedAt;

/** Marks the mail as sent; false when it already was (so it is not sent again). */
async function claim(db: Database, id: string, column: Column): Promise<boolean> {
  const key = column === approvalRequests.approversMailedAt ? 'approversMailedAt' : 'requesterMailedAt';
  const claimed = await db
    .update(approvalRequests)
    .set({ [key]: new Date() })
    .where(and(eq(approvalRequests.id, id), isNull(column)))
    .returning({ id: approvalRequests.id });
  return claimed.length > 0;
}

const requestUrl = (context: ApprovalMailContext, request: ApprovalRequest) =>
  `${context.publicUrl}/approvals/${request.id}`;

const audienceOf = (request: ApprovalRequest) => request.audienceName ?? 'de deelnemers';

/** What the request asks, in the words of its mails: "'Nieuwsbrief' te versturen naar …". */
const askedOf = (request: ApprovalRequest) =>
  request.kind === 'journey'
    ? `het traject '${request.journeyName ?? request.title}' te publiceren`
    : `'${request.publicationName ?? request.title}' te versturen naar ${audienceOf(request)}`;

async function send(
  context: ApprovalMailContext,
  environmentId: string,
  to: string,
  subject: string,
  lines: string[],
  link: string,
) {
  try {
    await context.mail.mailer.send({
      from: context.mail.from,
      to,
      subject,
      text: [...lines, '', link].join('\n'),
      html: html`${lines.map((line) => html`<p>${line}</p>`)}
        <p><a href="${link}">Bekijk de aanvraag</a></p>`.value,
      headers: { [environmentMailHeader]: environmentId },
    });
  } catch (error) {
    context.log.warn({ err: error, to }, 'approval mail not sent');
  }
}

/** Tells every member who may approve (the requester left out) that a request waits; once per request. */
export async function mailApprovers(
  context: ApprovalMailContext,
  environmentId: string,
  request: ApprovalRequest,
  requesterId: string,
): Promise<void> {
  if (!(await claim(context.db, request.id, approvalRequests.approversMailedAt))) return;
  const approvers = (await membersWhoMaySend(context.db, environmentId)).filter(
    (member) => member.id !== requesterId,
  );
  const lines =
    request.kind === 'journey'
      ? [
          `${request.requestedBy ?? 'Een lid'} vraagt je goedkeuring om ${askedOf(request)}.`,
          'Bekijk het traject met zijn start en stappen en keur het publiceren goed of wijs het af.',
        ]
      : [
          `${request.requestedBy ?? 'Een lid'} vraagt je goedkeuring om ${askedOf(request)} (${request.recipientCount ?? 0} ontvangers).`,
          'Bekijk de publicatie zoals die uitgaat en keur de verzending goed of wijs haar af.',
        ];
  for (const approver of approvers) {
    await send(
      context,
      environmentId,
      approver.email,
      `Goedkeuring gevraagd: ${request.title}`,
      lines,
      requestUrl(context, request),
    );
  }
}

/** Tells the requester their request was rejected, with the reason; once per request. */
export async function mailRejection(
  context: ApprovalMailContext,
  environmentId: string,
  request: ApprovalRequest,
  requesterId: string | null,
): Promise<void> {
  if (!requesterId || !(await claim(context.db, request.id, approvalRequests.requesterMailedAt))) return;
  const [requester] = await context.db
    .select({ email: users.username })
    .from(users)
    .where(eq(users.id, requesterId));
  if (!requester) return;
  await send(
    context,
    environmentId,
    requester.email,
    `Afgewezen: ${request.title}`,
    [
      `${request.decidedBy ?? 'Een lid'} heeft je aanvraag afgewezen om ${askedOf(request)}.`,
      `Reden: ${request.rejectionReason ?? ''}`,
    ],
    requestUrl(context, request),
  );
}
