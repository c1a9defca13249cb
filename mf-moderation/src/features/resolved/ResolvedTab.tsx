/** Resolved reports, newest resolved first, with their resolution and a way back: Restore where a listing is still removed or a person still suspended. */
import { Button, StatusMessage } from '@roomnest/shared/ui';
import { useState } from 'react';
import { useGetModerationReportsQuery } from '../../api/moderation-api.ts';
import { QueryState } from '../moderation/QueryState.tsx';
import { MODERATION_TEXTS } from '../moderation/texts.ts';
import { ReportCard } from '../report/ReportCard.tsx';
import s from '../moderation/moderation.module.css';
import { RestoreDialog, type PendingRestore } from './RestoreDialog.tsx';

export function ResolvedTab() {
  const { data, error, isLoading, isFetching, refetch } = useGetModerationReportsQuery('resolved', { refetchOnMountOrArgChange: true });
  const [pending, setPending] = useState<PendingRestore | null>(null);
  const reports = data?.reports ?? [];

  return (
    <QueryState isLoading={isLoading} error={error} hasData={Boolean(data)} isFetching={isFetching} refetch={refetch} loadingLabel="Loading the resolved reports…" failedText={MODERATION_TEXTS.resolvedLoadFailed}>
      {reports.length === 0 ? (
        <StatusMessage title={MODERATION_TEXTS.resolvedEmpty} />
      ) : (
        <ul className={s.list} aria-label="Resolved reports">
          {reports.map((report) => {
            const removed = report.TargetType === 'listing' && Boolean(report.ListingNow?.RemovedAt);
            const person = report.ReportedUser;
            return (
              <li key={report.ReportID}>
                <ReportCard report={report}>
                  {removed || person?.SuspendedAt ? (
                    <>
                      {removed ? (
                        <Button variant="secondary" onClick={() => setPending({ kind: 'listing', id: report.TargetID, name: report.Listing?.Title ?? `listing ${report.TargetID}` })}>
                          Restore listing
                        </Button>
                      ) : null}
                      {person?.SuspendedAt ? (
                        <Button variant="secondary" onClick={() => setPending({ kind: 'user', id: person.UserID, name: person.Name })}>
                          Restore person
                        </Button>
                      ) : null}
                    </>
                  ) : null}
                </ReportCard>
              </li>
            );
          })}
        </ul>
      )}
      <RestoreDialog pending={pending} onClose={() => setPending(null)} />
    </QueryState>
  );
}
