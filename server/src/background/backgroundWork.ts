import type { AppConfig } from '../config';
import { backgroundDuties, type BackgroundContext, type DutyName, type RunningDuty } from './duties';

type BackgroundDuty = (typeof backgroundDuties)[number];

/** The server (`npm start`) answers requests too; `npm run worker` only works in the background. */
export type ProcessRole = 'server' | 'worker';

/**
 * The duties a process takes (docs/deployment.md, "Delivery"): a worker all of them; the server all of
 * them too, but the sending ones only with DELIVERY_WORKER on (the default).
 */
export function dutiesOf(role: ProcessRole, config: Pick<AppConfig, 'delivery'>): BackgroundDuty[] {
  return backgroundDuties.filter((duty) => role === 'worker' || !duty.sends || config.delivery.worker);
}

export interface BackgroundWork {
  /** The duties running in this process, in start order (a duty this process cannot do is left out). */
  running: ReadonlyMap<DutyName, RunningDuty>;
  /** Stops them in reverse order; resolves when each has ended its work in hand. */
  stop(): Promise<void>;
}

/** Starts the duties of `role` in this process; when one fails to start, those started are stopped again. */
export async function startBackgroundWork(
  context: BackgroundContext,
  { role }: { role: ProcessRole },
): Promise<BackgroundWork> {
  const running = new Map<DutyName, RunningDuty>();
  const stop = async () => {
    for (const duty of [...running.values()].reverse()) await duty.stop();
    running.clear();
  };
  try {
    for (const duty of dutiesOf(role, context.config)) {
      const started = await duty.start(context);
      if (started) running.set(duty.name, started);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { running, stop };
}
