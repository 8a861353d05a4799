import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey, renditionKey } from '../../server/src/media/keys';
import { LocalDiskStore } from '../../server/src/media/localDiskStore';
import { RenditionCache } from '../../server/src/media/renditionCache';
import { RenderBudget, RenderBudgetError } from '../../server/src/media/renderBudget';
import { ImageRenditions } from '../../server/src/media/renditions';
import {
  RenderAbandonedError,
  RenderBusyError,
  RenderLimiter,
  type Timers,
} from '../../server/src/media/renderLimiter';

/** Timers that fire only when the test says so: no waiting, no sleeps. */
function manualTimers(): Timers & { fireAll(): void } {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout(callback) {
      next += 1;
      pending.set(next, callback);
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    fireAll() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

/** Work that ends when the test says so. */
function controllableWork() {
  let finish!: (value: string) => void;
  let started = false;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    run: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish,
  };
}

describe('render limiter', () => {
  it('runs at most `concurrency` at once, queues up to `maxQueued` and refuses the rest at once (503)', async () => {
    const limiter = new RenderLimiter({ concurrency: 1, maxQueued: 1, timeoutMs: 1000 }, manualTimers());
    const first = controllableWork();
    const second = controllableWork();
    const firstResult = limiter.run(first.run);
    const secondResult = limiter.run(second.run);
    await expect(limiter.run(() => Promise.resolve('third'))).rejects.toBeInstanceOf(RenderBusyError);
    expect([first.started, second.started]).toEqual([true, false]);
    first.finish('een');
    expect(await firstResult).toBe('een');
    await expect.poll(() => second.started).toBe(true);
    second.finish('twee');
    expect(await secondResult).toBe('twee');
    await expect.poll(() => limiter.load).toEqual({ running: 0, queued: 0 });
  });

  it('refuses an ask that waited longer than the timeout, but keeps its slot until the work really ends', async () => {
    const timers = manualTimers();
    const limiter = new RenderLimiter({ concurrency: 1, maxQueued: 1, timeoutMs: 1000 }, timers);
    const running = controllableWork();
    const queued = controllableWork();
    const runningResult = limiter.run(running.run);
    const queuedResult = limiter.run(queued.run);
    timers.fireAll();
    await expect(runningResult).rejects.toBeInstanceOf(RenderBusyError);
    await expect(queuedResult).rejects.toBeInstanceOf(RenderBusyError);
    expect(queued.started).toBe(false);
    // The timed-out work still runs (it cannot be interrupted), so it still counts.
    expect(limiter.load).toEqual({ running: 1, queued: 0 });
    running.finish('te laat');
    await expect.poll(() => limiter.load).toEqual({ running: 0, queued: 0 });
  });

  it('drops an abandoned ask from the queue without running it', async () => {
    const limiter = new RenderLimiter({ concurrency: 1, maxQueued: 1, timeoutMs: 1000 }, manualTimers());
    const running = controllableWork();
    const abandoned = controllableWork();
    const runningResult = limiter.run(running.run);
    const client = new AbortController();
    const abandonedResult = limiter.run(abandoned.run, client.signal);
    client.abort();
    await expect(abandonedResult).rejects.toBeInstanceOf(RenderAbandonedError);
    running.finish('klaar');
    await runningResult;
    expect(abandoned.started).toBe(false);
  });
});

describe('image renditions', () => {
  let root: string;
  let store: LocalDiskStore;
  const environmentId = '6f1c1e52-6a43-4a4e-9a55-0d2f4d1c1a01';
  const fileId = '0b8d3c9e-8a7f-4e2b-9c1d-5e6f7a8b9c0d';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'dpp-renditions-'));
    store = new LocalDiskStore(root);
    await store.open();
    const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const staged = await store.stage(fileKey(environmentId, fileId), Readable.from([image]));
    await staged.commit();
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stops and caches nothing when the only client waiting for a rendering goes away', async () => {
    const renditions = new ImageRenditions(store, {
      cacheBytes: 1024 * 1024,
      concurrency: 1,
      maxQueued: 4,
      timeoutMs: 30_000,
      budget: { megapixelsPerMinute: 1000, inFlight: 8 },
      anonymousMaxPixels: 24_000_000,
    });
    await renditions.open();
    const client = new AbortController();
    const asked = renditions.get(
      environmentId,
      fileId,
      '.png',
      { width: 80, height: 80, crop: true },
      client.signal,
    );
    client.abort();
    await expect(asked).rejects.toBeInstanceOf(RenderAbandonedError);
    await renditions.settle();
    expect(await store.has(renditionKey(environmentId, fileId, '80x80-crop'))).toBe(false);
    // Asked again by a client that stays, it renders and is cached.
    const again = await renditions.get(environmentId, fileId, '.png', { width: 80, height: 80, crop: true });
    expect(again.cacheHit).toBe(false);
    await renditions.settle();
    expect(await store.has(renditionKey(environmentId, fileId, '80x80-crop'))).toBe(true);
  });

  it('starts afresh for a client that asks a size right after everyone else walked away from it', async () => {
    const renditions = new ImageRenditions(store, {
      cacheBytes: 1024 * 1024,
      concurrency: 1,
      maxQueued: 4,
      timeoutMs: 30_000,
      budget: { megapixelsPerMinute: 1000, inFlight: 8 },
      anonymousMaxPixels: 24_000_000,
    });
    await renditions.open();
    const spec = { width: 64, height: 64, crop: true };
    const leaving = new AbortController();
    const abandoned = renditions.get(environmentId, fileId, '.png', spec, leaving.signal);
    leaving.abort();
    await expect(abandoned).rejects.toBeInstanceOf(RenderAbandonedError);
    const staying = await renditions.get(environmentId, fileId, '.png', spec);
    expect(staying.sizeInBytes).toBeGreaterThan(0);
    await renditions.settle();
    expect(await store.has(renditionKey(environmentId, fileId, '64x64-crop'))).toBe(true);
  });

  it('evicts the least recently used renditions once the byte budget is exceeded', async () => {
    const cache = new RenditionCache(store, 300);
    await cache.open();
    const key = (name: string) => renditionKey(environmentId, fileId, name);
    await cache.put(key('a'), Buffer.alloc(100, 1));
    await cache.put(key('b'), Buffer.alloc(100, 2));
    await cache.put(key('c'), Buffer.alloc(100, 3));
    expect(await cache.read(key('a'))).toBeDefined(); // 'a' is now the most recently used
    await cache.put(key('d'), Buffer.alloc(100, 4));
    expect(await store.has(key('b'))).toBe(false);
    expect(await Promise.all(['a', 'c', 'd'].map((name) => store.has(key(name))))).toEqual([
      true,
      true,
      true,
    ]);
    expect(cache.sizeInBytes).toBe(300);
    // Larger than the whole budget: not cached, nothing else pushed out.
    await cache.put(key('e'), Buffer.alloc(301, 5));
    expect(await store.has(key('e'))).toBe(false);
    expect(cache.sizeInBytes).toBe(300);
    // A restart rebuilds the index from the store and keeps to the budget.
    const reopened = new RenditionCache(store, 200);
    await reopened.open();
    expect(reopened.sizeInBytes).toBeLessThanOrEqual(200);
  });
});

describe('render budget per client address', () => {
  const limits = { megapixelsPerMinute: 10, inFlight: 2 };

  it('admits at most `inFlight` renders of one address at once, in order, and never limits another address', () => {
    const budget = new RenderBudget(limits, () => 0);
    const first = budget.admit('a');
    budget.admit('a');
    expect(() => budget.admit('a')).toThrow(RenderBudgetError);
    // The other address is admitted while the first is at its limit.
    expect(() => budget.admit('b')).not.toThrow();
    first.release();
    first.release(); // releasing twice frees one place, not two
    budget.admit('a');
    expect(() => budget.admit('a')).toThrow(RenderBudgetError);
  });

  it('charges each render its source megapixels (at least one), refuses while overdrawn and refills over a minute', () => {
    let now = 0;
    const budget = new RenderBudget(limits, () => now);
    const big = budget.admit('a');
    big.charge(12.5);
    big.release();
    expect(budget.balanceOf('a')).toBe(-2.5);
    let refusal: unknown;
    try {
      budget.admit('a');
    } catch (error) {
      refusal = error;
    }
    // 2.5 megapixels owed at 10 a minute: 15 seconds until the next render may start.
    expect(refusal).toBeInstanceOf(RenderBudgetError);
    expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 15 });
    now += 15_000;
    const small = budget.admit('a');
    small.charge(0.01);
    small.release();
    expect(budget.balanceOf('a')).toBe(-1);
    now += 10 * 60_000;
    expect(budget.balanceOf('a')).toBe(10); // never more than one minute's worth
  });
});
