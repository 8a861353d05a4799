import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { BlockContent } from '@contract/publications';
import { serverAnswerTimeLimitMs } from '../../src/dataProvider/answerDeadline';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { isUnanswered, unreachableMessage } from '../../src/dataProvider/serverError';
import { createServerReachability } from '../../src/dataProvider/serverReachability';
import { createBlockAutosave, type Timer } from '../../src/custom/blockEditor/blockAutosave';
import { jsonAnswer, mockFetch } from './support/fetchEdge';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that takes the request and never answers (a stopped process): only an abort ends the wait. */
function hangingAnswer(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason));
  });
}

describe('a server that does not answer', () => {
  it('fails a call with the Dutch unreachable message once the time limit passes, not before', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => hangingAnswer(init.signal)),
    );
    const http = createHttpClient({
      baseUrl: '',
      getAccessToken: async () => 'token',
      getEnvironmentId: () => 'env-1',
    });
    let failure: unknown;
    const call = http.json('/api/1/env-1/publications/', { method: 'PUT', body: {} }).catch((error) => {
      failure = error;
    });

    await vi.advanceTimersByTimeAsync(serverAnswerTimeLimitMs - 1);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await call;

    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe(unreachableMessage);
    expect(isUnanswered(failure)).toBe(true);
  });

  it("keeps a caller's cancel a cancel (react-query's AbortError), not an unreachable server", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => hangingAnswer(init.signal)),
    );
    const http = createHttpClient({
      baseUrl: '',
      getAccessToken: async () => 't',
      getEnvironmentId: () => 'e',
    });
    const controller = new AbortController();
    const call = http.json('/api/1/e/lists/', { signal: controller.signal });
    controller.abort();

    const failure = await call.catch((error: unknown) => error);
    expect(isUnanswered(failure)).toBe(false);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('asks /health until it answers, sharing one series of tries between everyone waiting', async () => {
    vi.useFakeTimers();
    let healthy = false;
    const { sent } = mockFetch(() =>
      healthy ? jsonAnswer({ status: 'ok' }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const reachability = createServerReachability('/health', [1_000, 5_000]);
    let answered = 0;
    void reachability.whenAnswering().then(() => (answered += 1));
    void reachability.whenAnswering().then(() => (answered += 1));

    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.map((request) => request.path)).toEqual(['/health']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
    expect(answered).toBe(0);

    healthy = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(3);
    expect(answered).toBe(2);
  });
});

function reversedKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

describe('a block save that got no answer', () => {
  const unanswered = new HttpError(unreachableMessage, 0, null);
  const conflict = new HttpError('Dit blok is intussen door iemand anders gewijzigd.', 409, null);
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  /** The pause after typing fires when the test says so. */
  function manualTimer() {
    let run: (() => void) | undefined;
    const timer: Timer = {
      set: (next) => (run = next),
      clear: () => (run = undefined),
    };
    return { timer, fire: () => run?.() };
  }

  /**
   * A server whose first answer is lost (`reachedServer`: the save did or did not arrive, as with a
   * stopped process that handles it once it runs again), and whose next answers come.
   */
  function setup({ reachedServer }: { reachedServer: boolean }) {
    const clock = manualTimer();
    const server = { version: 3, content: { title: 'Oud' } as BlockContent };
    const sent: Array<{ content: BlockContent; version: number }> = [];
    let serverBack!: () => void;
    const whenServerAnswers = vi.fn(() => new Promise<void>((resolve) => (serverBack = resolve)));
    const autosave = createBlockAutosave({
      version: 3,
      timer: clock.timer,
      save: async (content, version) => {
        sent.push({ content, version });
        if (version !== server.version) throw conflict;
        const first = sent.length === 1;
        if (!first || reachedServer) {
          server.version += 1;
          // As jsonb gives it back: the same values, the keys in another order.
          server.content = reversedKeys(content) as BlockContent;
        }
        if (first) throw unanswered;
        return { version: server.version };
      },
      load: async () => ({ version: server.version, content: server.content }),
      isConflict: (error) => error instanceof HttpError && error.status === 409,
      isUnanswered,
      whenServerAnswers,
    });
    return { clock, server, sent, autosave, whenServerAnswers, serverBack: () => serverBack() };
  }

  it('says it waits for the server, and saves by itself once the server answers', async () => {
    const { clock, server, sent, autosave, serverBack } = setup({ reachedServer: false });
    autosave.edit({ title: 'Opening van het wijkcentrum' });
    clock.fire();
    await settle();
    expect(autosave.getState()).toMatchObject({ status: 'failed', waitingForServer: true });

    serverBack();
    await settle();
    await settle();

    expect(sent).toHaveLength(2);
    expect(server.content).toEqual({ title: 'Opening van het wijkcentrum' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 4 });
  });

  it('takes a 409 for its own earlier save when the server holds exactly what was sent (no conflict shown)', async () => {
    const { clock, server, sent, autosave, serverBack } = setup({ reachedServer: true });
    autosave.edit({ title: 'Markt op zaterdag', link: { url: 'https://zuiderveen.nl/markt', text: 'Meer' } });
    clock.fire();
    await settle();

    serverBack();
    await settle();
    await settle();

    expect(sent.map((save) => save.version)).toEqual([3, 3]);
    expect(server.version).toBe(4);
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 4 });
  });

  it('still shows a conflict when someone else saved other content meanwhile', async () => {
    const { clock, server, autosave, serverBack } = setup({ reachedServer: false });
    autosave.edit({ title: 'Mijn titel' });
    clock.fire();
    await settle();
    server.version += 1;
    server.content = { title: 'Hun titel' };

    serverBack();
    await settle();
    await settle();

    expect(autosave.getState().status).toBe('conflict');
  });
});
