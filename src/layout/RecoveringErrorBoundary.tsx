import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { failureMessage } from '../dataProvider/serverError';
import { retryFailedDownloads } from '../declarative/lazyView';
import { LoadError } from './LoadError';

export interface RecoveringErrorBoundaryProps {
  children: ReactNode;
  /** Shows the failure instead of the children; by default the console's one load error display. */
  fallback?: (props: { message: string; retry: () => void }) => ReactNode;
}

/**
 * Catches what breaks one page or one panel, so the rest of the console stays (and with it what was
 * typed elsewhere). It shows a Dutch message with 'Opnieuw proberen', and recovers by itself when the
 * user goes to another page; a retry also asks react-query's failed queries again and downloads a
 * view's code that could not be fetched.
 */
export function RecoveringErrorBoundary({
  children,
  fallback = defaultFallback,
}: RecoveringErrorBoundaryProps) {
  const { pathname } = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onReset={() => {
        retryFailedDownloads();
        reset();
      }}
      fallbackRender={({ error, resetErrorBoundary }: FallbackProps) =>
        fallback({ message: failureMessage(error), retry: resetErrorBoundary })
      }
    >
      {children}
    </ErrorBoundary>
  );
}

function defaultFallback({ message, retry }: { message: string; retry: () => void }) {
  return <LoadError message={message} onRetry={retry} />;
}
