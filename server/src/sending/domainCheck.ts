import { Resolver } from 'node:dns/promises';
import type { StoredRecordCheck } from '../db/schema';
import type { ExpectedRecord } from './dnsRecords';

// Looks the expected records up in DNS and says per record, in Dutch, what is right or wrong. Only DNS is
// asked (TXT lookups of names under the domain): no host the user typed is ever contacted otherwise.

/** The TXT lookups a check needs; Node's Resolver in the server, pointed at DNS_RESOLVER when set. */
export interface TxtLookup {
  resolveTxt(name: string): Promise<string[][]>;
}

export function dnsResolver(servers: readonly string[]): TxtLookup {
  // A few seconds per lookup: the check answers a person waiting for it.
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

type Lookup = { found: string[] } | { failure: StoredRecordCheck['status']; reason: string };

/** The TXT records at a name, each one string (DNS splits long ones in pieces of 255). */
async function txtAt(lookup: TxtLookup, name: string): Promise<Lookup> {
  try {
    return { found: (await lookup.resolveTxt(name)).map((pieces) => pieces.join('')) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND') return { failure: 'missing', reason: `${name} bestaat niet in DNS` };
    if (code === 'ENODATA') return { failure: 'missing', reason: `${name} heeft geen TXT-record` };
    return {
      failure: 'error',
      reason: `de DNS-server gaf geen bruikbaar antwoord voor ${name} (${code ?? 'onbekende fout'}); probeer het later opnieuw`,
    };
  }
}

/** DKIM: the record under the selector carries exactly this public key. */
function checkDkim(record: ExpectedRecord, found: string[]): StoredRecordCheck {
  const expectedKey = /p=([^;\s]+)/.exec(record.value)?.[1];
  const dkim = found.filter((value) => /(^|;)\s*p=/.test(value) || /v=DKIM1/i.test(value));
  const result = (status: StoredRecordCheck['status'], message: string) => ({
    kind: record.kind,
    name: record.name,
    status,
    message,
  });
  if (dkim.length === 0)
    return result('missing', `Op ${record.name} staat geen DKIM-record. Maak het TXT-record hierboven aan.`);
  const keys = dkim.map((value) => /(?:^|;)\s*p=([^;]*)/.exec(value)?.[1]?.replace(/\s+/g, '') ?? '');
  if (keys.includes(expectedKey ?? ''))
    return result('ok', 'Het DKIM-record is gevonden en bevat de juiste sleutel.');
  if (keys.every((key) => key === ''))
    return result('wrong', `Het DKIM-record op ${record.name} bevat geen sleutel (p= is leeg).`);
  return result(
    'wrong',
    `Het DKIM-record op ${record.name} bevat een andere sleutel dan deze omgeving gebruikt. Kopieer de waarde opnieuw, in zijn geheel.`,
  );
}

function checkSpf(
  record: ExpectedRecord,
  found: string[],
  spfInclude: string | undefined,
): StoredRecordCheck {
  const spf = found.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  const result = (status: StoredRecordCheck['status'], message: string) => ({
    kind: record.kind,
    name: record.name,
    status,
    message,
  });
  if (spf.length === 0) return result('missing', `Op ${record.name} staat geen SPF-record (v=spf1 …).`);
  if (spf.length > 1)
    return result(
      'wrong',
      `Op ${record.name} staan ${spf.length} SPF-records; er mag er maar één zijn. Voeg ze samen tot één record.`,
    );
  const terms = spf[0].toLowerCase().split(/\s+/);
  if (terms.includes('+all') || terms.includes('all'))
    return result(
      'wrong',
      'Het SPF-record eindigt op +all: dan mag iedereen namens het domein mailen. Gebruik ~all of -all.',
    );
  if (spfInclude && !terms.includes(`include:${spfInclude}`))
    return result('wrong', `Het SPF-record mist include:${spfInclude}, de mailserver van het platform.`);
  return result(
    'ok',
    spfInclude
      ? `Het SPF-record staat er en bevat include:${spfInclude}.`
      : 'Er staat één SPF-record. Controleer bij je mailprovider dat het de mailserver van het platform toestaat.',
  );
}

function checkDmarc(record: ExpectedRecord, found: string[]): StoredRecordCheck {
  const dmarc = found.filter((value) => /^v=DMARC1\s*(;|$)/i.test(value.trim()));
  const result = (status: StoredRecordCheck['status'], message: string) => ({
    kind: record.kind,
    name: record.name,
    status,
    message,
  });
  if (dmarc.length === 0)
    return result('missing', `Op ${record.name} staat geen DMARC-record (v=DMARC1; …).`);
  if (dmarc.length > 1)
    return result('wrong', `Op ${record.name} staan ${dmarc.length} DMARC-records; er mag er maar één zijn.`);
  const policy = /(?:^|;)\s*p=([a-z]+)/i.exec(dmarc[0])?.[1]?.toLowerCase();
  if (!policy || !['none', 'quarantine', 'reject'].includes(policy))
    return result('wrong', 'Het DMARC-record mist een geldige p= (none, quarantine of reject).');
  return result('ok', `Het DMARC-record staat er (p=${policy}).`);
}

/** Checks every expected record; lookups run side by side. */
export async function checkRecords(
  lookup: TxtLookup,
  records: readonly ExpectedRecord[],
  spfInclude: string | undefined,
): Promise<StoredRecordCheck[]> {
  return Promise.all(
    records.map(async (record): Promise<StoredRecordCheck> => {
      const answer = await txtAt(lookup, record.name);
      if ('failure' in answer) {
        const what = { dkim: 'DKIM-record', spf: 'SPF-record', dmarc: 'DMARC-record' }[record.kind];
        return {
          kind: record.kind,
          name: record.name,
          status: answer.failure,
          message: `Geen ${what} gevonden: ${answer.reason}.`,
        };
      }
      if (record.kind === 'dkim') return checkDkim(record, answer.found);
      if (record.kind === 'spf') return checkSpf(record, answer.found, spfInclude);
      return checkDmarc(record, answer.found);
    }),
  );
}
