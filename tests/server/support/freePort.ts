import { createServer } from 'node:net';

// Ports below Linux's ephemeral range (32768-60999). A port the OS hands out for `listen(0)` can be handed
// out again, to another test process's outgoing connection, before our server binds it (EADDRINUSE, seen
// in CI); the kernel never picks ports from this range by itself.
const lowestPort = 20_000;
const portCount = 12_000;
const attempts = 50;

/** A TCP port nobody listens on right now, outside the range the OS picks from. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = lowestPort + Math.floor(Math.random() * portCount);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${lowestPort}-${lowestPort + portCount - 1} after ${attempts} tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
