/**
 * My Profile's Blocked people (docs/product.md, Blocks): the people the member has blocked, most recently blocked
 * first, each with Unblock. People are blocked from a chat; this is where to find them again. The list is the
 * shared 'Blocks' entry (GET /api/blocks), so an unblock here shows at once in an open chat and the conversation list.
 */
import { TRUST_TEXTS } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Avatar, Button, Card } from '@roomnest/shared/ui';
import { useId } from 'react';
import { useGetBlockedUsersQuery, useUnblockUserMutation } from '../../api/profile-api.ts';
import s from './my-profile.module.css';

export const BLOCKED_PEOPLE_FAILED = 'The people you have blocked could not be loaded.';
export const UNBLOCK_FAILED = 'Could not unblock this person. Please try again.';

export function BlockedPeopleSection() {
  const blocked = useGetBlockedUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [unblock, unblocking] = useUnblockUserMutation();
  const titleId = useId();

  const doUnblock = async (userId: number) => {
    const result = await unblock(userId);
    if ('error' in result) notify.error(errorMessage(result.error, UNBLOCK_FAILED));
    else notify.success(result.data.message || TRUST_TEXTS.unblockDone);
  };

  const users = blocked.data?.users ?? [];
  let body;
  if (blocked.isLoading) body = <p className={s.sideHint}>Loading the people you have blocked…</p>;
  else if (blocked.isError && !blocked.data)
    body = (
      <p className={s.sideHint}>
        {errorMessage(blocked.error, BLOCKED_PEOPLE_FAILED)}{' '}
        <Button variant="secondary" size="sm" onClick={() => void blocked.refetch()} disabled={blocked.isFetching}>
          Try again
        </Button>
      </p>
    );
  else if (users.length === 0) body = <p className={s.sideHint}>{TRUST_TEXTS.blockedPeopleEmpty}</p>;
  else
    body = (
      <ul className={s.blockedList} aria-labelledby={titleId}>
        {users.map((u) => (
          <li key={u.UserID}>
            <span className={s.blockedName}>
              <Avatar name={u.Name} size={32} decorative />
              {u.Name}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void doUnblock(u.UserID)}
              disabled={unblocking.isLoading && unblocking.originalArgs === u.UserID}
              aria-label={`Unblock ${u.Name}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={titleId}>
      <Card className={s.section}>
        <h2 id={titleId} className={s.sectionTitle}>
          Blocked people
        </h2>
        <p className={s.sideHint}>People you block cannot message you, and you cannot message them. They are not told.</p>
        {body}
      </Card>
    </section>
  );
}
