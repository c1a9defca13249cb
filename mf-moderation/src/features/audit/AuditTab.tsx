/**
 * The audit log: every action on a report and every restore, newest first, 50 a page (`?page=` in the address,
 * so a page can be reloaded and shared). Each line is a small card of labelled values: a row of columns on a wide
 * screen, stacked on a phone, never a table wider than the screen.
 */
import { formatDateTime, MODERATION_ACTION_LABELS, type ModerationAuditEntry } from '@roomnest/shared';
import { Pagination, StatusMessage } from '@roomnest/shared/ui';
import { useSearchParams } from 'react-router-dom';
import { useGetModerationAuditQuery } from '../../api/moderation-api.ts';
import { QueryState } from '../moderation/QueryState.tsx';
import { pageOf, tabHref } from '../moderation/tabs.ts';
import { MODERATION_TEXTS } from '../moderation/texts.ts';
import s from './audit.module.css';

const target = (entry: ModerationAuditEntry) => `${entry.TargetType === 'listing' ? 'Listing' : 'Person'} ${entry.TargetID}`;

export function AuditTab() {
  const [search] = useSearchParams();
  const page = pageOf(search);
  const { data, error, isLoading, isFetching, refetch } = useGetModerationAuditQuery(page, { refetchOnMountOrArgChange: true });
  const entries = data?.entries ?? [];

  return (
    <QueryState isLoading={isLoading} error={error} hasData={Boolean(data)} isFetching={isFetching} refetch={refetch} loadingLabel="Loading the audit log…" failedText={MODERATION_TEXTS.auditLoadFailed}>
      {entries.length === 0 ? (
        <StatusMessage title="The audit log is empty">
          <p>{MODERATION_TEXTS.auditEmpty}</p>
        </StatusMessage>
      ) : (
        <>
          <ol className={s.log} aria-label="Audit log, newest first">
            <li className={s.head} aria-hidden="true">
              <span>When</span>
              <span>Who</span>
              <span>What</span>
              <span>Target</span>
              <span>Report</span>
              <span>Note</span>
            </li>
            {entries.map((entry) => (
              <li key={entry.EntryID} className={s.entry}>
                <dl className={s.fields}>
                  <div>
                    <dt>When</dt>
                    <dd>
                      <time dateTime={entry.At}>{formatDateTime(entry.At)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>Who</dt>
                    <dd>{entry.ModeratorName}</dd>
                  </div>
                  <div>
                    <dt>What</dt>
                    <dd className={s.action}>{MODERATION_ACTION_LABELS[entry.Action] ?? entry.Action}</dd>
                  </div>
                  <div>
                    <dt>Target</dt>
                    <dd>{target(entry)}</dd>
                  </div>
                  <div>
                    <dt>Report</dt>
                    <dd>{entry.ReportID === null ? '–' : `#${entry.ReportID}`}</dd>
                  </div>
                  <div>
                    <dt>Note</dt>
                    <dd className={s.note}>{entry.Note || '–'}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
          <Pagination page={data?.page ?? page} totalPages={data?.totalPages ?? 1} hrefFor={(p) => tabHref('audit', p)} label="Audit log pages" />
        </>
      )}
    </QueryState>
  );
}
