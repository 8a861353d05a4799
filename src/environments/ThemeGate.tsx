import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyView } from '../declarative/lazyView';
import { StartupScreen } from '../layout/StartupScreen';
import { isMissingTheme, useEnvironmentTheme } from './useEnvironmentTheme';

// Only environments without a theme need it: loaded on first use.
const OnboardingPage = lazyView(() => import('./OnboardingPage'), 'OnboardingPage');

/**
 * Shows the app only for an environment that has a theme; when GET /themes answers 404 the onboarding
 * screen replaces the whole app (spec §1) until the theme exists. Other failures do not block the app
 * (nothing else needs the theme to work); they are logged.
 */
export function ThemeGate({ children }: { children: ReactNode }) {
  const theme = useEnvironmentTheme();
  const unexpectedError = theme.error && !isMissingTheme(theme.error) ? theme.error : undefined;

  useEffect(() => {
    if (unexpectedError) console.error('The theme lookup failed', unexpectedError);
  }, [unexpectedError]);

  if (theme.isPending && theme.fetchStatus !== 'idle') return <StartupScreen />;
  if (isMissingTheme(theme.error)) {
    return (
      <Suspense fallback={<StartupScreen />}>
        <OnboardingPage />
      </Suspense>
    );
  }
  return <>{children}</>;
}
