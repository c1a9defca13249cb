import { TRUST_TEXTS } from '@roomnest/shared';
import { errorMessage, errorStatus } from '@roomnest/shared/client';
import { Alert, Button, LoadingState, StatusMessage } from '@roomnest/shared/ui';
import type { ReactNode } from 'react';

interface QueryStateProps {
  isLoading: boolean;
  /** The query's error while it has no data to show. */
  error: unknown;
  hasData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  loadingLabel: string;
  failedText: string;
  children: ReactNode;
}

/**
 * Loading, failure (with Try again) and the content, as the other remotes show them. A 403 is a moderator whose
 * role was taken away meanwhile: the page says who may see it, as the shell's guard does, rather than offer a retry.
 */
export function QueryState({ isLoading, error, hasData, isFetching, refetch, loadingLabel, failedText, children }: QueryStateProps) {
  if (isLoading) return <LoadingState label={loadingLabel} />;
  if (error && !hasData) {
    if (errorStatus(error) === 403) return <StatusMessage title={TRUST_TEXTS.moderatorsPage} />;
    return (
      <Alert>
        <p>{errorMessage(error, failedText)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  }
  return children;
}
