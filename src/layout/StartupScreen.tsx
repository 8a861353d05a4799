import { useEffect, useRef } from 'react';
import { renderStartupScreen } from '../boot/startupScreen';

interface StartupScreenProps {
  /** Set when starting failed: the screen then explains and offers a retry instead of the spinner. */
  onRetry?: () => void;
}

/**
 * Full-screen spinner while the environment info loads or sign-in checks run (spec §1): the screen the
 * small entry showed before the console loaded (boot/startupScreen.ts), so nothing changes on the way.
 */
export function StartupScreen({ onRetry }: StartupScreenProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => renderStartupScreen(container.current!, { onRetry }), [onRetry]);
  return <div ref={container} />;
}
