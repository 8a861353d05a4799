import type { Database } from '../db/client';
import type { MailTransport } from '../mail/mailTransport';
import { domainOfAddress } from './domainName';
import { domainRow } from './sendingDomain';
import { storedSender } from './storedSender';

/**
 * Why the environment cannot send now, in Dutch, or null when it can: its own sender address must be on its
 * verified sending domain. An environment without an own address sends as MAIL_FROM (the operator's, as
 * before). The embedded development catcher accepts any sender, so there an unverified (or missing) domain
 * is no reason to stop; an address on another domain than the sending domain is, everywhere: its mail
 * fails DMARC alignment once it goes out for real.
 *
 * Called before every delivery job and test send, and by the deliver panel's pre-send check.
 */
export async function senderReadiness(
  db: Database,
  environmentId: string,
  mail: Pick<MailTransport, 'catcher'> | { catcher: boolean },
): Promise<string | null> {
  const sender = await storedSender(db, environmentId);
  if (!sender.senderAddress) return null;
  const domain = await domainRow(db, environmentId);
  const addressDomain = domainOfAddress(sender.senderAddress);
  if (domain && domain.domain !== addressDomain)
    return `Het afzenderadres ${sender.senderAddress} hoort niet bij het verzenddomein ${domain.domain}. Kies een adres op ${domain.domain} of stel ${addressDomain} in als verzenddomein.`;
  if (mail.catcher) return null;
  if (!domain)
    return `Het afzenderadres ${sender.senderAddress} hoort bij ${addressDomain}, maar deze omgeving heeft nog geen verzenddomein. Stel het in bij Instellingen › Verzenddomein en maak de DNS-records aan.`;
  if (!domain.verifiedAt)
    return `Het verzenddomein ${domain.domain} is nog niet gecontroleerd: maak de DNS-records aan en kies 'Controleren' bij Instellingen › Verzenddomein.`;
  return null;
}
