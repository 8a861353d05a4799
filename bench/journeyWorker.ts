// One journeys worker process for bench/journeys.ts: the platform's journey engine as a server runs it
// (its own ticks every few seconds, the queue's once-a-minute tick, batches claimed with FOR UPDATE SKIP
// LOCKED) on the bench's PostgreSQL database. The delivery jobs its send steps write stay queued: sending
// them is bench:send's measure. Talks to the bench over IPC: 'ready' once started; answers 'memory' with
// its RSS, heap and CPU time after a full garbage collection (started with --expose-gc); ends on 'stop'.
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createJourneyEngine, journeyTickMs, startJourneyTicker } from '../server/src/journeys/engine';
import { journeyClock } from '../server/src/journeys/journeyClock';

export interface WorkerMemory {
  rss: number;
  heapUsed: number;
  /** CPU time (user + system) since the process started, in seconds. */
  cpuSeconds: number;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const engine = createJourneyEngine({
    db: database.db,
    clock: journeyClock(),
    enqueueDelivery: async () => {},
    batchSize: config.journeys.batchSize,
  });
  const ticker = await startJourneyTicker(engine, database.queueConnection, journeyTickMs);
  process.on('message', (message) => {
    if (message === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      const cpu = process.cpuUsage();
      process.send!({ rss, heapUsed, cpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies WorkerMemory);
    } else if (message === 'stop') {
      void ticker
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
  process.send!('ready');
}

main().catch((error: unknown) => {
  console.error('The journeys worker could not start:', error);
  process.exit(1);
});
