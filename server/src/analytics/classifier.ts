import { isbot } from 'isbot';
import type { AnalyticsSettings } from './analyticsSettings';

// Whether an open or click is a person's or a machine's, decided when it arrives; afterwards the user
// agent and address are dropped. Opens: Apple Mail Privacy Protection fetches every image with the bare
// user agent `Mozilla/5.0`, and Gmail prefetches with an old Chrome/Edge one: both machine opens. Google's
// image proxy (GoogleImageProxy) fetches when the reader opens the message: a person's open (filtering it
// out, as Mautic 7.1 did, loses every Gmail open). Clicks: link scanners (Defender Safe Links, Proofpoint)
// follow links seconds after delivery, or several links of one message at once, or say they are bots.

const appleProxyAgent = 'Mozilla/5.0';
const googleImageProxy = /GoogleImageProxy/i;
const gmailPrefetch = (agent: string) => agent.includes('Chrome/42') && agent.includes('Edge/12.246');

export function isMachineOpen(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').trim();
  if (agent === appleProxyAgent) return true;
  if (googleImageProxy.test(agent)) return false;
  return gmailPrefetch(agent);
}

export interface ClickFacts {
  userAgent: string | undefined;
  /** Seconds since the epoch when the message was sent (from the token). */
  sentAt: number;
  at: Date;
  /** When the same message's previous click on another link arrived, if remembered. */
  previousOtherLinkAt: number | undefined;
}

/** isbot's verdict per user agent: its pattern costs more than the rest of a click; agents repeat. */
const botAgents = new Map<string, boolean>();
const botAgentLimit = 10_000;

function isBotAgent(agent: string): boolean {
  let verdict = botAgents.get(agent);
  if (verdict === undefined) {
    verdict = isbot(agent);
    if (botAgents.size >= botAgentLimit) botAgents.clear();
    botAgents.set(agent, verdict);
  }
  return verdict;
}

export function isMachineClick(
  facts: ClickFacts,
  settings: Pick<AnalyticsSettings, 'scannerSeconds' | 'burstMs'>,
): boolean {
  const agent = facts.userAgent ?? '';
  if (agent === '' || isBotAgent(agent)) return true;
  if (facts.at.getTime() - facts.sentAt * 1000 < settings.scannerSeconds * 1000) return true;
  return (
    facts.previousOtherLinkAt !== undefined &&
    facts.at.getTime() - facts.previousOtherLinkAt < settings.burstMs
  );
}

/**
 * The last click per message, to see several links clicked within the burst window. Bounded: the entries
 * noted first go first, so a flood of tokens cannot grow memory. A message's entry is updated in place
 * (no allocation per click: every click of every message passes here).
 */
export class RecentClicks {
  private readonly entries = new Map<string, { position: number; at: number }>();
  constructor(private readonly limit = 50_000) {}

  /** The time of this message's previous click on a different link, and remembers this one. */
  note(messageKey: string, position: number, at: number): number | undefined {
    const previous = this.entries.get(messageKey);
    if (previous) {
      const otherLinkAt = previous.position !== position ? previous.at : undefined;
      previous.position = position;
      previous.at = at;
      return otherLinkAt;
    }
    this.entries.set(messageKey, { position, at });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return undefined;
  }
}
