import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../server/src/mail/mailer';
import { mimeMessage } from '../../server/src/mail/mimeMessage';

// mimeMessage.ts signs its own messages (dkimSignature.ts): every signature must pass an independent
// verifier (mailauth), also where headers are folded RFC 2047 words, the text part is empty, or whitespace
// repeats in a header, and must fail once the body or a signed header is changed.

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const selector = 'test2026';
const domain = 'zuiderveen.example';
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string) => {
  if (name !== `${selector}._domainkey.${domain}`)
    throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [[record]];
};

const message = (changes: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example>',
  replyTo: 'redactie@zuiderveen.example',
  to: 'lezer@voorbeeld.nl',
  toName: 'Jörg  van  der  Berg-Ĳsselstein, afdeling Verkeer en Waterstaat',
  subject:
    'Nieuwsbrief januari — wegwerkzaamheden, het ijsbaanfeest en de nieuwe openingstijden van het stadhuis',
  html: '<p>Beste Jörg,</p><p>Hier is het nieuws.   </p>',
  text: 'Beste Jörg,\n\nHier is het nieuws.   \n',
  headers: {
    'Message-ID': '<job.1@zuiderveen.example>',
    'List-Unsubscribe': '<https://zuiderveen.example/u/1.abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  dkim: { domainName: domain, keySelector: selector, privateKey },
  ...changes,
});

const verdict = async (source: Buffer) => {
  const { results } = await dkimVerify(source, { resolver });
  return results;
};

describe('DKIM signatures of mimeMessage', () => {
  it('pass an independent verifier over folded encoded headers and the unsubscribe headers', async () => {
    const results = await verdict(mimeMessage(message()).source);
    expect(results).toHaveLength(1);
    expect(results[0].status.result, results[0].status.comment).toBe('pass');
    expect(results[0].signingDomain).toBe(domain);
    expect(results[0].signingHeaders?.keys).toContain('List-Unsubscribe-Post');
    expect(results[0].signingHeaders?.keys).toContain('Subject');
  });

  it('pass with an empty text part and without Reply-To', async () => {
    const results = await verdict(mimeMessage(message({ text: '', replyTo: undefined })).source);
    expect(results[0].status.result, results[0].status.comment).toBe('pass');
    expect(results[0].signingHeaders?.keys).not.toContain('Reply-To');
  });

  it('fail once the body or a signed header is changed', async () => {
    const source = mimeMessage(message()).source.toString('utf8');
    const body = source.indexOf('\r\n\r\n') + 4;
    const alteredBody = `${source.slice(0, body)}${source.slice(body).replace('--', '-- ')}`;
    expect((await verdict(Buffer.from(alteredBody)))[0].status.result).not.toBe('pass');
    const alteredHeader = source.replace(
      'List-Unsubscribe: <https://zuiderveen.example/u/1.abc>',
      'List-Unsubscribe: <https://elders.example/u/1>',
    );
    expect((await verdict(Buffer.from(alteredHeader)))[0].status.result).not.toBe('pass');
  });

  it('leave a message without a key unsigned', () => {
    expect(mimeMessage(message({ dkim: undefined })).source.toString()).not.toContain('DKIM-Signature');
  });
});
