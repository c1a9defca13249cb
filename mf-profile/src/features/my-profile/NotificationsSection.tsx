import { EMAIL_SETTINGS_PATH, ROUTES, SAVED_SEARCH_FREQUENCY_TEXT, SAVED_TEXTS, type Profile } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Badge, ButtonLink, Card } from '@roomnest/shared/ui';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useGetSavedSearchesQuery } from '../../api/notifications-api.ts';
import { useSetEmailOnMessageMutation } from '../../api/profile-api.ts';
import s from './my-profile.module.css';

/** The section's id: EMAIL_SETTINGS_PATH (the link in every notification email) lands on it. */
export const NOTIFICATIONS_ID = EMAIL_SETTINGS_PATH.slice(EMAIL_SETTINGS_PATH.indexOf('#') + 1);
export const EMAIL_SETTING_FAILED = 'Your email setting could not be saved. Please try again.';
export const SEARCHES_FAILED = 'Your saved searches could not be loaded.';
export const MESSAGE_EMAIL_LABEL = "Email me when I get a message I haven't read";

const FREQUENCY_TONE = { instant: 'green', daily: 'primary', off: 'grey' } as const;

/**
 * Every email setting in one place, for every account type: unread-message emails (saved as soon as the
 * switch moves, put back if the server refuses) and a summary of the saved searches' alerts. A search's
 * frequency is changed in one place, the Saved searches page, which this links to.
 */
export function NotificationsSection({ profile }: { profile: Profile }) {
  const [setEmailOnMessage, { isLoading }] = useSetEmailOnMessageMutation();
  const searches = useGetSavedSearchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const switchId = useId();
  const hintId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Opened from an email's settings link: the page loads after the shell's own scroll to the hash, so the
  // section brings itself into view once it is there.
  useEffect(() => {
    if (location.hash === `#${NOTIFICATIONS_ID}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const toggle = async (on: boolean) => {
    const result = await setEmailOnMessage({ userId: profile.UserID, EmailOnMessage: on });
    if ('error' in result) notify.error(errorMessage(result.error, EMAIL_SETTING_FAILED));
    else notify.success(result.data.message || SAVED_TEXTS.emailSettingsSaved);
  };

  const list = searches.data?.savedSearches ?? [];
  let summary;
  if (searches.isLoading) summary = <p className={s.sideHint}>Loading your saved searches…</p>;
  else if (searches.isError && !searches.data)
    summary = <p className={s.sideHint}>{errorMessage(searches.error, SEARCHES_FAILED)}</p>;
  else if (list.length === 0)
    summary = (
      <p className={s.sideHint}>
        You have no saved searches. <Link to={ROUTES.rooms}>Search rooms</Link> and press “Save this search” to be emailed when a matching room is posted.
      </p>
    );
  else
    summary = (
      <ul className={s.searchSummary} aria-label="Emails about your saved searches">
        {list.map((search) => (
          <li key={search.SavedSearchID}>
            <span className={s.searchName}>{search.Name}</span>
            {/* A frequency this module does not know yet (a newer API) is shown as it is, not a broken page. */}
            <Badge tone={FREQUENCY_TONE[search.Frequency] ?? 'grey'}>{SAVED_SEARCH_FREQUENCY_TEXT[search.Frequency]?.label ?? search.Frequency}</Badge>
          </li>
        ))}
      </ul>
    );

  return (
    <section ref={sectionRef} id={NOTIFICATIONS_ID} aria-labelledby={`${switchId}-title`} className={s.notifications}>
      <Card className={s.section}>
        <h2 id={`${switchId}-title`} className={s.sectionTitle}>
          Email notifications
        </h2>
        <div className={s.setting}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className={s.switch}
            checked={profile.EmailOnMessage}
            aria-checked={profile.EmailOnMessage}
            aria-describedby={hintId}
            aria-busy={isLoading || undefined}
            onChange={(e) => void toggle(e.target.checked)}
          />
          <span>
            <label htmlFor={switchId} className={s.settingLabel}>
              {MESSAGE_EMAIL_LABEL}
            </label>
            <span id={hintId} className={s.sideHint}>
              One email when a message is still unread after a few minutes, naming the sender and linking to the chat. More messages before you read it send
              nothing more.
            </span>
          </span>
        </div>
        <h3 className={s.subTitle}>Saved searches</h3>
        {summary}
        <ButtonLink to={ROUTES.savedSearches} variant="secondary" size="sm">
          Manage saved searches
        </ButtonLink>
      </Card>
    </section>
  );
}
