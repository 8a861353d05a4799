// What a message sent to a bounce address reports: a delivery status notification (RFC 3464,
// multipart/report; report-type=delivery-status) or an abuse report (ARF, RFC 5965, report-type=feedback-report).
// Only the report part is read, never the returned message; anything else is 'unknown' and dropped.

export type DeliveryReport =
  /** The remote server gave up: 5.x.x is permanent (hard), 4.x.x temporary (soft: it tried for days). */
  | { kind: 'hard' | 'soft'; status: string; diagnostic: string | null }
  /** The reader marked the message as spam (Feedback-Type abuse or fraud). */
  | { kind: 'complaint'; status: string; diagnostic: null }
  /** A report that records nothing: a delay warning, a success notice, another kind of feedback. */
  | { kind: 'no failure' }
  /** Not a report this listener understands (a reply, an auto-responder, a malformed message). */
  | { kind: 'unknown' };

/** Diagnostics are kept for staff to read, not whole: a remote server's answer can be long. */
const diagnosticLength = 300;

type Fields = Map<string, string>;

export function readDeliveryReport(raw: Buffer): DeliveryReport {
  const message = splitEntity(raw.toString('latin1'));
  const contentType = parseContentType(message.headers.get('content-type'));
  if (contentType.type !== 'multipart/report' || !contentType.params.boundary) return { kind: 'unknown' };
  const reportType = contentType.params['report-type']?.toLowerCase();
  const parts = splitMultipart(message.body, contentType.params.boundary).map(splitEntity);
  const partOf = (...types: string[]) =>
    parts.find((part) => types.includes(parseContentType(part.headers.get('content-type')).type));

  if (reportType === 'delivery-status') {
    const part = partOf('message/delivery-status', 'message/global-delivery-status');
    return part ? readStatus(fieldGroups(decodedBody(part))) : { kind: 'unknown' };
  }
  if (reportType === 'feedback-report') {
    const part = partOf('message/feedback-report');
    if (!part) return { kind: 'unknown' };
    const [fields] = fieldGroups(decodedBody(part));
    const feedbackType = fields?.get('feedback-type')?.toLowerCase();
    if (!feedbackType) return { kind: 'unknown' };
    return feedbackType === 'abuse' || feedbackType === 'fraud'
      ? { kind: 'complaint', status: feedbackType, diagnostic: null }
      : { kind: 'no failure' };
  }
  return { kind: 'unknown' };
}

/**
 * The per-recipient groups (after the per-message one) that say 'Action: failed': the worst status wins,
 * so one permanent failure makes the message a hard bounce. 'delayed', 'delivered', 'relayed' and
 * 'expanded' are no bounce: the message may still arrive.
 */
function readStatus(groups: Fields[]): DeliveryReport {
  const failures = groups
    .slice(1)
    .filter((fields) => fields.get('action')?.toLowerCase() === 'failed')
    .map((fields) => ({
      status: /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0],
      diagnostic: fields.get('diagnostic-code') ?? null,
    }))
    .filter((failure): failure is { status: string; diagnostic: string | null } =>
      Boolean(failure.status && !failure.status.startsWith('2')),
    );
  if (groups.length < 2) return { kind: 'unknown' };
  if (failures.length === 0) return { kind: 'no failure' };
  const worst = failures.find((failure) => failure.status.startsWith('5')) ?? failures[0];
  return {
    kind: worst.status.startsWith('5') ? 'hard' : 'soft',
    status: worst.status,
    diagnostic: worst.diagnostic?.replace(/\s+/g, ' ').slice(0, diagnosticLength) ?? null,
  };
}

interface Entity {
  headers: Fields;
  body: string;
}

/** Headers (unfolded, lower-case names, first occurrence) and body of a message or body part. */
function splitEntity(text: string): Entity {
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  return {
    headers: parseFields(head),
    body: end ? text.slice(end.index + end[0].length) : '',
  };
}

/** `Name: value` lines, continuation lines joined; the DSN and ARF groups have the header syntax too. */
function parseFields(block: string): Fields {
  const fields: Fields = new Map();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** The groups of a report body, separated by blank lines. */
function fieldGroups(body: string): Fields[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => parseFields(block))
    .filter((fields) => fields.size > 0);
}

function decodedBody(part: Entity): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  return encoding === 'base64' ? Buffer.from(part.body, 'base64').toString('latin1') : part.body;
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'));
      if (line.startsWith(`${delimiter}--`)) return parts;
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = (value ?? '').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals <= 0) continue;
    params[param.slice(0, equals).trim().toLowerCase()] = param
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}
