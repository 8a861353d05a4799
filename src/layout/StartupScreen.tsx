import { useEffect, useRef } from 'react';
import { renderStartupScreen, type StartupScreenOptions } from '../boot/startupScreen';

type StartupScreenProps = Pick<StartupScreenOptions, 'onRetry' | 'failures'>;

/**
 * Full-screen spinner while the environment info loads or sign-in checks run (spec §1): the screen the
 * small entry showed before the console loaded (boot/startupScreen.ts), so nothing changes on the way.
 */
export function StartupScreen({ onRetry, failures }: StartupScreenProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => renderStartupScreen(container.current!, { onRetry, failures }), [onRetry, failures]);
  return <div ref={container} />;
}
