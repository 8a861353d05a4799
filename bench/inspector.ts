import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// A minimal Chrome DevTools Protocol client for a bench's server process started with
// `--inspect=127.0.0.1:<port>`: read its memory figures, force a full garbage collection, write a heap
// snapshot (DevTools' .heapsnapshot format). The server needs no code of its own for this.

/** process.memoryUsage() of the inspected process, in bytes. */
export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface Inspector {
  memoryUsage(): Promise<MemoryUsage>;
  /** Bytes used in each of V8's heap spaces (v8.getHeapSpaceStatistics()), by space name. */
  heapSpaces(): Promise<Record<string, number>>;
  /** A full, compacting collection (what DevTools' "Collect garbage" does). */
  collectGarbage(): Promise<void>;
  /** Writes a heap snapshot (which collects garbage first) to `file`. */
  takeHeapSnapshot(file: string): Promise<void>;
  /**
   * Starts V8's sampling heap profiler. With `collectedByMajorGC` the profile also keeps samples of objects
   * that were freed by a full collection only, i.e. garbage that survived the young generation (promoted).
   */
  startSampling(options: { collectedByMajorGC: boolean }): Promise<void>;
  /** Stops it and returns the profile (DevTools' .heapprofile format). */
  stopSampling(): Promise<SamplingHeapProfile>;
  /** Starts V8's CPU profiler (sampling every `intervalUs` microseconds). */
  startProfiling(intervalUs?: number): Promise<void>;
  /** Stops it and returns the profile (DevTools' .cpuprofile format; cpuProfileTop.ts summarises it). */
  stopProfiling(): Promise<unknown>;
  close(): void;
}

/** A node of a sampling heap profile: a call frame, the bytes sampled in it, and its callees. */
export interface SamplingHeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingHeapProfileNode[];
}

export interface SamplingHeapProfile {
  head: SamplingHeapProfileNode;
}

export async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await once(socket as unknown as EventTarget, 'open');
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, (params: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: unknown;
    };
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    } else if (message.method) {
      listeners.get(message.method)?.(message.params);
    }
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  const evaluate = async <T>(expression: string): Promise<T> => {
    const result = (await send('Runtime.evaluate', {
      expression: `JSON.stringify(${expression})`,
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(result.result.value) as T;
  };

  return {
    memoryUsage: () => evaluate<MemoryUsage>('process.memoryUsage()'),
    heapSpaces: () =>
      evaluate<Record<string, number>>(
        "Object.fromEntries(process.getBuiltinModule('v8').getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]))",
      ),
    async collectGarbage() {
      await send('HeapProfiler.collectGarbage');
    },
    async takeHeapSnapshot(file) {
      const out = createWriteStream(file);
      listeners.set('HeapProfiler.addHeapSnapshotChunk', (params) => {
        out.write((params as { chunk: string }).chunk);
      });
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        listeners.delete('HeapProfiler.addHeapSnapshotChunk');
        out.end();
        await once(out, 'finish');
      }
    },
    async startSampling({ collectedByMajorGC }) {
      await send('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: collectedByMajorGC,
        includeObjectsCollectedByMinorGC: false,
      });
    },
    async stopSampling() {
      return ((await send('HeapProfiler.stopSampling')) as { profile: SamplingHeapProfile }).profile;
    },
    async startProfiling(intervalUs = 1000) {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: intervalUs });
      await send('Profiler.start');
    },
    async stopProfiling() {
      return ((await send('Profiler.stop')) as { profile: unknown }).profile;
    },
    close() {
      socket.close();
    },
  };
}
