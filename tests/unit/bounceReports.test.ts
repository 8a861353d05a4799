import { describe, expect, it } from 'vitest';
import { createConnectionLimiter } from '../../server/src/bounces/connectionLimiter';
import { readDeliveryReport } from '../../server/src/bounces/deliveryReport';
import { bounceAddress, messageOfBounceAddress } from '../../server/src/sending/bounceAddress';

// The pure parts of the bounce listener: reading reports, the VERP address and the per-address limit.
// The SMTP conversation itself is in tests/server/bounces.test.ts.

const report = (type: string, part: string, headers: string[] = []) =>
  Buffer.from(
    [
      'From: MAILER-DAEMON@mx.example.net',
      `Content-Type: multipart/report; report-type=${type}; boundary=b1`,
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Notice',
      '--b1',
      `Content-Type: message/${type}`,
      ...headers,
      '',
      part,
      '--b1--',
      '',
    ].join('\r\n'),
  );

describe('delivery reports', () => {
  it('takes the worst failed recipient: one permanent failure among temporary ones is hard', () => {
    const status = [
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; a@example.net',
      'Action: failed',
      'Status: 4.2.2',
      '',
      'Final-Recipient: rfc822; b@example.net',
      'Action: failed',
      'Status: 5.2.1 (mailbox disabled)',
      'Diagnostic-Code: smtp; 550 5.2.1',
      '  mailbox disabled',
      '',
    ].join('\r\n');
    expect(readDeliveryReport(report('delivery-status', status))).toEqual({
      kind: 'hard',
      status: '5.2.1',
      diagnostic: 'smtp; 550 5.2.1 mailbox disabled',
    });
  });

  it('reads a base64-encoded status part; delayed or delivered recipients are no failure', () => {
    const delayed = [
      'Reporting-MTA: dns; mx',
      '',
      'Final-Recipient: rfc822; a@example.net',
      'Action: delayed',
      'Status: 4.4.7',
      '',
    ].join('\r\n');
    expect(
      readDeliveryReport(
        report('delivery-status', Buffer.from(delayed).toString('base64'), [
          'Content-Transfer-Encoding: base64',
        ]),
      ),
    ).toEqual({ kind: 'no failure' });
    const failed = delayed.replace('delayed', 'failed');
    expect(
      readDeliveryReport(
        report('delivery-status', Buffer.from(failed).toString('base64'), [
          'Content-Transfer-Encoding: base64',
        ]),
      ),
    ).toMatchObject({ kind: 'soft', status: '4.4.7' });
  });

  it("counts abuse and fraud feedback as complaints, other feedback types not, anything else as 'unknown'", () => {
    expect(
      readDeliveryReport(report('feedback-report', 'Feedback-Type: abuse\r\nVersion: 1\r\n')),
    ).toMatchObject({
      kind: 'complaint',
      status: 'abuse',
    });
    expect(
      readDeliveryReport(report('feedback-report', 'Feedback-Type: not-spam\r\nVersion: 1\r\n')),
    ).toEqual({
      kind: 'no failure',
    });
    expect(
      readDeliveryReport(Buffer.from('Subject: hallo\r\n\r\nStatus: 5.1.1\r\nAction: failed\r\n')),
    ).toEqual({
      kind: 'unknown',
    });
    expect(readDeliveryReport(report('delivery-status', 'garbage'))).toEqual({ kind: 'unknown' });
  });
});

describe('bounce addresses', () => {
  const key = Buffer.alloc(32, 7);
  it('names the recipient row it was made for, in any case and on any domain; a changed one names none', () => {
    const delivery = { kind: 'delivery', id: 123_456 } as const;
    const address = bounceAddress(key, delivery, 'zuiderveen.example');
    expect(messageOfBounceAddress(key, address)).toEqual(delivery);
    expect(messageOfBounceAddress(key, address.toUpperCase())).toEqual(delivery);
    expect(messageOfBounceAddress(key, address.replace('zuiderveen.example', 'mx.example.net'))).toEqual(
      delivery,
    );
    expect(messageOfBounceAddress(Buffer.alloc(32, 8), address)).toBeUndefined();
    expect(messageOfBounceAddress(key, address.replace('bounce+2n9c', 'bounce+2n9d'))).toBeUndefined();
    expect(messageOfBounceAddress(key, 'postmaster@zuiderveen.example')).toBeUndefined();
  });

  it('names an RSVP email, a test send, a sign-up or re-subscribe mail as such; its signature does not pass for another kind of the same id', () => {
    const kinds = ['rsvp', 'test', 'signup', 'resubscribe'] as const;
    for (const kind of kinds) {
      const address = bounceAddress(key, { kind, id: 42 }, 'zuiderveen.example');
      expect(address).toMatch(new RegExp(`^bounce\\+${kind}\\.16-[0-9a-f]{16}@zuiderveen\\.example$`));
      expect(messageOfBounceAddress(key, address)).toEqual({ kind, id: 42 });
      expect(messageOfBounceAddress(key, address.replace(`${kind}.`, ''))).toBeUndefined();
      for (const other of kinds.filter((name) => name !== kind))
        expect(messageOfBounceAddress(key, address.replace(`${kind}.`, `${other}.`))).toBeUndefined();
    }
  });
});

describe('connection limit per address', () => {
  it('admits the limit per minute per address, then refuses until the next minute', () => {
    let now = 0;
    const limiter = createConnectionLimiter(2, () => now);
    expect([limiter.admit('192.0.2.1'), limiter.admit('192.0.2.1'), limiter.admit('192.0.2.1')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.admit('192.0.2.2')).toBe(true);
    now = 59_999;
    expect(limiter.admit('192.0.2.1')).toBe(false);
    now = 60_000;
    expect(limiter.admit('192.0.2.1')).toBe(true);
  });
});
