import type { DkimKeyInfo } from './dkimKeys';
import { retiredKeyGraceMs } from './dkimKeys';

// The DNS records an administrator creates for a sending domain, exactly as they are to be typed: the DKIM
// key of every published key under its selector, SPF on the domain itself and DMARC at _dmarc.

export type RecordKind = 'dkim' | 'spf' | 'dmarc';

export interface ExpectedRecord {
  kind: RecordKind;
  type: 'TXT';
  /** The full host name, e.g. `dpp202611a1b2._domainkey.zuiderveen.nl`. */
  name: string;
  value: string;
  /** What else the administrator should know about this record, in Dutch. */
  note?: string;
  /** A DKIM record's key, when the record is one of a key. */
  keyId?: string;
  /** A retired key's record may be removed after this moment. */
  keepUntil?: Date;
}

/** The DKIM record's value: the public key, as RFC 6376 §3.6.1 spells it. */
export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}

/** What the SPF record must contain: the mail provider's include when SPF_INCLUDE names it. */
export function spfRecordValue(spfInclude: string | undefined): string {
  return spfInclude ? `v=spf1 include:${spfInclude} ~all` : 'v=spf1 a mx ~all';
}

export function expectedRecords(
  domain: string,
  keys: readonly DkimKeyInfo[],
  spfInclude: string | undefined,
): ExpectedRecord[] {
  const rotating = keys.some((key) => key.state === 'active');
  const dkim = keys.map((key): ExpectedRecord => {
    const keepUntil = key.retiredAt ? new Date(key.retiredAt.getTime() + retiredKeyGraceMs) : undefined;
    return {
      kind: 'dkim',
      type: 'TXT',
      name: `${key.selector}._domainkey.${domain}`,
      value: dkimRecordValue(key.publicKey),
      keyId: key.id,
      keepUntil,
      note:
        key.state === 'pending' && rotating
          ? 'Nieuwe sleutel: wordt gebruikt zodra de controle dit record vindt.'
          : key.state === 'retired'
            ? 'Vorige sleutel: laat dit record nog een week staan, voor berichten die al onderweg zijn.'
            : undefined,
    };
  });
  return [
    ...dkim,
    {
      kind: 'spf',
      type: 'TXT',
      name: domain,
      value: spfRecordValue(spfInclude),
      note: spfInclude
        ? `Heeft het domein al een SPF-record? Voeg dan alleen include:${spfInclude} toe: er mag maar één SPF-record zijn.`
        : 'Het SPF-record moet de mailserver toestaan waarlangs het platform verstuurt: vraag de beheerder van het platform of je mailprovider welke include daarbij hoort. Er mag maar één SPF-record zijn.',
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${domain}`,
      value: 'v=DMARC1; p=none',
      note: 'p=none is een veilig begin: ontvangers rapporteren, maar weigeren nog niets. Zet het later op quarantine of reject.',
    },
  ];
}
