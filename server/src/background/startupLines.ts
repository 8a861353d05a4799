import type { BackgroundWork } from './backgroundWork';

/**
 * What the start-up output says about a process's background work: the duties it runs and, when the bounce
 * listener runs here, where it listens: the address the MX hands `bounce+…` mail to (in development a port
 * the system picked).
 */
export function backgroundStartupLines(work: Pick<BackgroundWork, 'running'>, bounceHost: string): string[] {
  const duties = [...work.running.keys()];
  const bounces = work.running.get('bounce-listener')?.port;
  return [
    `  Background duties in this process: ${duties.length > 0 ? duties.join(', ') : 'none'}.`,
    ...(bounces === undefined
      ? []
      : [
          `  Bounce listener (SMTP) at ${bounceHost.includes(':') ? `[${bounceHost}]` : bounceHost}:${bounces}: point the MX's bounce+* mail here.`,
        ]),
  ];
}
