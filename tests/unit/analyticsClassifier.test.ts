import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isMachineClick, isMachineOpen, RecentClicks } from '../../server/src/analytics/classifier';
import { hmacSha256, signTrackingToken, verifyTrackingToken } from '../../server/src/analytics/trackingToken';

const settings = { scannerSeconds: 10, burstMs: 2000 };
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('open classification', () => {
  it("counts Apple's privacy proxy (bare 'Mozilla/5.0') and Gmail's prefetch as machine opens", () => {
    expect(isMachineOpen('Mozilla/5.0')).toBe(true);
    expect(
      isMachineOpen(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36 Edge/12.246',
      ),
    ).toBe(true);
  });
  it("counts Google's image proxy and mail programs as a person's open", () => {
    expect(
      isMachineOpen(
        'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      ),
    ).toBe(false);
    expect(isMachineOpen(chrome)).toBe(false);
    expect(isMachineOpen('Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17126)')).toBe(
      false,
    );
  });
});

describe('click classification', () => {
  const sentAt = 1_800_000_000;
  const at = (seconds: number) => new Date((sentAt + seconds) * 1000);
  it('counts a click seconds after sending as a scanner, a later one as a person', () => {
    expect(
      isMachineClick({ userAgent: chrome, sentAt, at: at(3), previousOtherLinkAt: undefined }, settings),
    ).toBe(true);
    expect(
      isMachineClick({ userAgent: chrome, sentAt, at: at(60), previousOtherLinkAt: undefined }, settings),
    ).toBe(false);
  });
  it('counts a known bot, and a missing user agent, as a machine', () => {
    expect(
      isMachineClick(
        {
          userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
          sentAt,
          at: at(600),
          previousOtherLinkAt: undefined,
        },
        settings,
      ),
    ).toBe(true);
    expect(
      isMachineClick({ userAgent: undefined, sentAt, at: at(600), previousOtherLinkAt: undefined }, settings),
    ).toBe(true);
  });
  it('counts a second link of one message within the burst window as a machine', () => {
    const recent = new RecentClicks();
    const first = recent.note('a:x', 0, at(600).getTime());
    expect(first).toBeUndefined();
    const second = recent.note('a:x', 1, at(601).getTime());
    expect(
      isMachineClick({ userAgent: chrome, sentAt, at: at(601), previousOtherLinkAt: second }, settings),
    ).toBe(true);
    // The same link again is a reader clicking twice, not a burst.
    expect(recent.note('a:x', 1, at(601.5).getTime())).toBeUndefined();
    const later = recent.note('a:x', 0, at(700).getTime());
    expect(
      isMachineClick({ userAgent: chrome, sentAt, at: at(700), previousOtherLinkAt: later }, settings),
    ).toBe(false);
  });
  it('remembers a bounded number of messages', () => {
    const recent = new RecentClicks(2);
    recent.note('a', 0, 1);
    recent.note('b', 0, 1);
    recent.note('c', 0, 1);
    expect(recent.note('a', 1, 2)).toBeUndefined();
    expect(recent.note('c', 1, 2)).toBe(1);
  });
});

describe('tracking tokens', () => {
  const key = Buffer.alloc(32, 3);
  const jobId = '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d01';
  it('round-trips both kinds of message key and refuses any changed character', () => {
    const anonymous = {
      jobId,
      position: 2,
      sentAt: 1_800_000_000,
      key: { kind: 'anonymous' as const, value: 'AAECAwQFBgcICQoL' },
    };
    const personal = {
      jobId,
      position: -1,
      sentAt: 1_800_000_000,
      key: { kind: 'recipient' as const, recipientId: 4711 },
    };
    for (const claim of [anonymous, personal]) {
      const token = signTrackingToken(key, claim);
      expect(token.length).toBeLessThanOrEqual(70);
      expect(verifyTrackingToken(key, token)).toEqual(claim);
      for (let index = 0; index < token.length; index++) {
        const changed = `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
        expect(verifyTrackingToken(key, changed)).toBeUndefined();
      }
      expect(verifyTrackingToken(Buffer.alloc(32, 4), token)).toBeUndefined();
    }
  });

  it('signs with HMAC-SHA256: the same bytes as createHmac for any key and message length', () => {
    for (const keyLength of [0, 1, 32, 64, 65, 100])
      for (const message of [
        '',
        'track:abc',
        'x'.repeat(127),
        'é'.repeat(64),
        'y'.repeat(129),
        'z'.repeat(500),
      ]) {
        const key = Buffer.alloc(keyLength, keyLength + 7);
        // Twice: the second call reuses the key's pads.
        for (let round = 0; round < 2; round++)
          expect(hmacSha256(key, message).toString('hex')).toBe(
            createHmac('sha256', key).update(message).digest('hex'),
          );
      }
  });
});
