/**
 * /moderation (moderators only; the shell's 'moderator' guard keeps everyone else out, and the API refuses them
 * too): the trust and safety team's queue of open reports, the resolved reports and the audit log, one view at a
 * time, chosen in the query string (tabs.ts).
 */
import { Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { AuditTab } from '../audit/AuditTab.tsx';
import { QueueTab } from '../queue/QueueTab.tsx';
import { ResolvedTab } from '../resolved/ResolvedTab.tsx';
import { MODERATION_TABS, tabHref, tabOf } from './tabs.ts';
import s from './moderation.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export default function ModerationPage() {
  const [search] = useSearchParams();
  const tab = tabOf(search);
  const headingRef = usePageFocus<HTMLHeadingElement>();

  return (
    <Page title="Moderation">
      <PageHeader headingRef={headingRef} title="Moderation" subtitle="Reports from members, what was done about them, and who did it." />
      <nav aria-label="Moderation views" className={s.tabs}>
        <ul className={s.tabList}>
          {MODERATION_TABS.map((t) => (
            <li key={t.id}>
              <Link to={tabHref(t.id)} className={cx(s.tab, t.id === tab && s.current)} aria-current={t.id === tab ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'queue' ? <QueueTab /> : tab === 'resolved' ? <ResolvedTab /> : <AuditTab />}
    </Page>
  );
}
