/** The queue: open reports, oldest first, each with what a moderator needs to judge it and the three actions. */
import { Button, StatusMessage } from '@roomnest/shared/ui';
import { useState } from 'react';
import { useGetModerationReportsQuery } from '../../api/moderation-api.ts';
import { QueryState } from '../moderation/QueryState.tsx';
import { MODERATION_TEXTS } from '../moderation/texts.ts';
import { ReportCard } from '../report/ReportCard.tsx';
import s from '../moderation/moderation.module.css';
import { ActionDialog, type PendingAction } from './ActionDialog.tsx';

export function QueueTab() {
  // Fresh on arrival: other moderators work the same queue.
  const { data, error, isLoading, isFetching, refetch } = useGetModerationReportsQuery('open', { refetchOnMountOrArgChange: true });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const reports = data?.reports ?? [];

  return (
    <QueryState isLoading={isLoading} error={error} hasData={Boolean(data)} isFetching={isFetching} refetch={refetch} loadingLabel="Loading the open reports…" failedText={MODERATION_TEXTS.queueLoadFailed}>
      {reports.length === 0 ? (
        <StatusMessage title={MODERATION_TEXTS.queueEmpty}>
          <p>{MODERATION_TEXTS.queueEmptyHint}</p>
        </StatusMessage>
      ) : (
        <>
          <p className={s.count} aria-live="polite">
            {reports.length === 1 ? '1 open report' : `${reports.length} open reports`}, oldest first
          </p>
          <ul className={s.list} aria-label="Open reports">
            {reports.map((report) => {
              const canRemove = report.TargetType === 'listing' && report.ListingNow !== null && !report.ListingNow.RemovedAt;
              const canSuspend = report.ReportedUser !== null && !report.ReportedUser.SuspendedAt;
              return (
                <li key={report.ReportID}>
                  <ReportCard report={report}>
                    <Button variant="secondary" onClick={() => setPending({ report, action: 'dismiss' })}>
                      Dismiss
                    </Button>
                    {canRemove ? (
                      <Button variant="danger" onClick={() => setPending({ report, action: 'remove-listing' })}>
                        Remove listing
                      </Button>
                    ) : null}
                    {canSuspend ? (
                      <Button variant="danger" onClick={() => setPending({ report, action: 'suspend-user' })}>
                        Suspend person
                      </Button>
                    ) : null}
                  </ReportCard>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ActionDialog pending={pending} onClose={() => setPending(null)} />
    </QueryState>
  );
}
