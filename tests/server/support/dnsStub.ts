import dns2 from 'dns2';
import { freePort } from './freePort';

const { Packet } = dns2;

/** A DNS server on 127.0.0.1 (UDP and TCP, one port) answering TXT lookups from a table the test changes. */
export interface DnsStub {
  /** For DNS_RESOLVER and Node's Resolver#setServers: `127.0.0.1:{port}`. */
  address: string;
  /** Sets the TXT records of a name (each record one string); an empty list removes the name. */
  setTxt(name: string, records: string[]): void;
  close(): Promise<void>;
}

/** DNS carries a TXT record as strings of at most 255 bytes; a long DKIM key is split as real zones split it. */
function characterStrings(record: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < record.length; start += 255) pieces.push(record.slice(start, start + 255));
  return pieces.length > 0 ? pieces : [''];
}

export async function startDnsStub(): Promise<DnsStub> {
  const zone = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const records = question ? zone.get(question.name.toLowerCase()) : undefined;
      if (!records) {
        // A name that does not exist: NXDOMAIN, as the real DNS answers it.
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question.type === Packet.TYPE.TXT) {
        for (const record of records) {
          response.answers.push(
            Packet.createResourceFromQuestion(question, { ttl: 1, data: characterStrings(record) }),
          );
        }
      }
      void send(response);
    },
  });
  const port = await freePort();
  await server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, records) {
      if (records.length === 0) zone.delete(name.toLowerCase());
      else zone.set(name.toLowerCase(), records);
    },
    close: () => server.close(),
  };
}
