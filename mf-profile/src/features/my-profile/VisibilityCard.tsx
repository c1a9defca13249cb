import { ROUTES, TEXTS, type Profile } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Badge, Button } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useSetListedMutation } from '../../api/profile-api.ts';
import s from './my-profile.module.css';

/** Said when the answer carries no message of its own. */
export const LISTED_TEXT = 'Your profile is listed: it now appears in flatmate search.';
export const UNLISTED_TEXT = 'Your profile is unlisted: it no longer appears in flatmate search.';

/**
 * Listed or unlisted (docs/product.md, Screens): one action that flips IsActivelyLooking.
 * The button names what it will do; the badge and the sentence say how things stand.
 */
export function VisibilityCard({ profile }: { profile: Profile }) {
  const [setListed, { isLoading }] = useSetListedMutation();
  const listed = profile.IsActivelyLooking;

  const toggle = async () => {
    const result = await setListed(!listed);
    if ('error' in result) {
      notify.error(errorMessage(result.error, listed ? TEXTS.profileUnlistFailed : TEXTS.profileListFailed));
      return;
    }
    notify.success(result.data.message || (result.data.user.IsActivelyLooking ? LISTED_TEXT : UNLISTED_TEXT));
  };

  let action = listed ? 'Unlist my profile' : 'List my profile';
  if (isLoading) action = listed ? 'Unlisting…' : 'Listing…';

  return (
    <section className={`${s.visibility} ${listed ? s.isListed : ''}`} aria-labelledby="visibility-title">
      <div className={s.visibilityHead}>
        <h2 id="visibility-title" className={s.sideTitle}>
          Flatmate search
        </h2>
        <Badge tone={listed ? 'green' : 'grey'}>{listed ? 'Listed' : 'Not listed'}</Badge>
      </div>
      <p id="visibility-state" className={s.sideHint}>
        {listed ? (
          <>
            Your profile is listed: it appears in <Link to={ROUTES.flatmates}>flatmate search</Link> and other members can message you.
          </>
        ) : (
          <>Your profile is not listed. Listed profiles appear in flatmate search, where other members can find and message you.</>
        )}
      </p>
      <Button variant={listed ? 'secondary' : 'primary'} block onClick={() => void toggle()} disabled={isLoading} aria-busy={isLoading} aria-describedby="visibility-state">
        {action}
      </Button>
    </section>
  );
}
