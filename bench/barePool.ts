// The reference of `npm run bench:send`, run by it in a process of its own: what a team would write to send
// the same job with nodemailer alone, without queue or database. Each recipient's message is built from the
// same rendered publication (subject, HTML and text with their merge fields, as the delivery job renders it)
// by nodemailer's own MIME builder: merge fields filled, a signed personal unsubscribe link in the body and
// in List-Unsubscribe / List-Unsubscribe-Post, a Message-ID, DKIM signed (RSA 2048, the key parsed once) over
// the same headers as the platform, sent over a pool with the same connections and lanes. Prints one JSON
// line: messages sent, seconds and the CPU seconds this process used while sending.
import { createHmac, createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';

export interface BarePoolSpec {
  smtpUrl: string;
  recipients: number;
  lanes: number;
  maxConnections: number;
  from: string;
  subject: string;
  html: string;
  text: string;
  dkim: { domainName: string; keySelector: string; privateKeyPem: string; headerFieldNames: string };
}

export interface BarePoolResult {
  sent: number;
  seconds: number;
  cpuSeconds: number;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** `{{name}}` or `{{name|fallback}}`: the value (escaped for HTML), else the fallback. */
const fill = (template: string, values: Record<string, string>, escape: (value: string) => string) =>
  template.replace(/\{\{\s*(\w+)\s*(?:\|([^{}|]*))?\}\}/g, (_, name: string, fallback?: string) =>
    values[name] !== undefined ? escape(values[name]) : (fallback ?? '').trim(),
  );

async function main(): Promise<void> {
  const spec = JSON.parse(await readFile(process.argv[2], 'utf8')) as BarePoolSpec;
  const transport = nodemailer.createTransport({
    url: spec.smtpUrl,
    pool: true,
    maxConnections: spec.maxConnections,
    maxMessages: Infinity,
  });
  const privateKey = createPrivateKey(spec.dkim.privateKeyPem);
  const unsubscribeKey = Buffer.from('bare-pool-unsubscribe-key');
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let sent = 0;
  const lane = async () => {
    while (next < spec.recipients) {
      const index = next++;
      const id = index.toString(36);
      const signature = createHmac('sha256', unsubscribeKey).update(`unsubscribe:${id}`).digest('base64url');
      const unsubscribeUrl = `https://bare.example/u/${id}.${signature.slice(0, 22)}`;
      const values = {
        email: `lezer.${index}@voorbeeld.nl`,
        name: `Lezer ${index}`,
        firstName: 'Lezer',
        unsubscribeUrl,
        webVersionUrl: `https://bare.example/w/${id}.${signature.slice(0, 22)}`,
      };
      await transport.sendMail({
        from: spec.from,
        to: { name: values.name, address: values.email },
        subject: fill(spec.subject, values, (value) => value),
        html: fill(spec.html, values, escapeHtml),
        text: fill(spec.text, values, (value) => value),
        messageId: `<bare.${id}@${spec.dkim.domainName}>`,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        dkim: {
          domainName: spec.dkim.domainName,
          keySelector: spec.dkim.keySelector,
          privateKey: privateKey as unknown as string,
          headerFieldNames: spec.dkim.headerFieldNames,
        },
      });
      sent += 1;
    }
  };
  await Promise.all(Array.from({ length: spec.lanes }, lane));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  const result: BarePoolResult = { sent, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  console.log(JSON.stringify(result));
}

await main();
