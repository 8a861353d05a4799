import type { SettingsReaders } from '../settingsReaders';

/** How the DNS records of sending domains are checked. */
export interface SendingDomainSettings {
  /** DNS_RESOLVER: DNS servers to ask ('127.0.0.1:5353', comma-separated); the system's when empty. */
  dnsResolvers: string[];
  /** SPF_INCLUDE: the domain the SPF record must include (the mail provider's, e.g. spf.provider.nl); none when empty. */
  spfInclude: string | undefined;
}

export function readSendingDomainSettings({ text }: SettingsReaders): SendingDomainSettings {
  return { dnsResolvers: readDnsResolvers(text), spfInclude: text('SPF_INCLUDE')?.toLowerCase() };
}

/** DNS_RESOLVER: `host` or `host:port` (IPv4, or `[IPv6]:port`), comma-separated; refused when malformed. */
function readDnsResolvers(text: SettingsReaders['text']): string[] {
  const raw = text('DNS_RESOLVER');
  if (raw === undefined) return [];
  const servers = raw.split(',').map((server) => server.trim());
  for (const server of servers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/.test(server))
      throw new Error(`DNS_RESOLVER must list IP addresses (with an optional :port), got '${server}'.`);
  }
  return servers;
}
