import { MAX_SAVED_SEARCHES, ROUTES, SAVED_TEXTS, type SavedSearch } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Alert, Button, ButtonLink, ConfirmDialog, LoadingState, Page, PageHeader, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDeleteSavedSearchMutation, useGetSavedSearchesQuery } from '../../api/saved-searches-api.ts';
import { RenameDialog } from './RenameDialog.tsx';
import { SavedSearchCard } from './SavedSearchCard.tsx';
import s from './saved-searches.module.css';

export const LOAD_FAILED = 'Your saved searches could not be loaded. Please try again.';
export const DELETE_FAILED = 'The search could not be deleted. Please try again.';

/**
 * /saved-searches (signed in; the shell guards it): the member's saved searches, newest first, each with what
 * it looks for, how often it emails (changed at once), when it last did, and Run search, Rename and Delete.
 */
export default function SavedSearchesPage() {
  // Always fresh on arrival: an email's one-click unsubscribe may have turned a search off meanwhile.
  const { data, error, isLoading, isError, isFetching, refetch } = useGetSavedSearchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteSearch, { isLoading: deleting }] = useDeleteSavedSearchMutation();
  const [toDelete, setToDelete] = useState<SavedSearch | null>(null);
  const [toRename, setToRename] = useState<SavedSearch | null>(null);
  const headingRef = usePageFocus<HTMLHeadingElement>();
  const searches = data?.savedSearches ?? [];

  const remove = async () => {
    if (!toDelete) return;
    const result = await deleteSearch(toDelete.SavedSearchID);
    setToDelete(null);
    if ('error' in result) notify.error(errorMessage(result.error, DELETE_FAILED));
    else notify.success(result.data.message || SAVED_TEXTS.searchDeleted);
  };

  let content;
  if (isLoading) content = <LoadingState label="Loading your saved searches…" />;
  else if (isError && !data)
    content = (
      <Alert>
        <p>{errorMessage(error, LOAD_FAILED)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  else if (searches.length === 0)
    content = (
      <StatusMessage
        title="You have no saved searches yet"
        action={
          <ButtonLink to={ROUTES.rooms} variant="accent">
            Search rooms
          </ButtonLink>
        }
      >
        <p>Search for rooms, then press “Save this search” to be emailed when a matching room is posted.</p>
      </StatusMessage>
    );
  else
    content = (
      <>
        <p className={s.count}>
          {searches.length} of {MAX_SAVED_SEARCHES} saved searches
        </p>
        <ul className={s.list} aria-label="Your saved searches">
          {searches.map((search) => (
            <li key={search.SavedSearchID}>
              <SavedSearchCard search={search} onRename={() => setToRename(search)} onDelete={() => setToDelete(search)} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <Page title="Saved searches">
      <PageHeader
        headingRef={headingRef}
        title="Saved searches"
        subtitle={
          <>
            Get an email when a room matching one of your searches is posted, at once or in one digest a day. Your{' '}
            <Link to={ROUTES.savedRooms}>saved rooms</Link> are on their own page.
          </>
        }
      />
      {content}
      <RenameDialog search={toRename} onClose={() => setToRename(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this saved search?"
        confirmLabel="Delete search"
        busy={deleting}
        busyLabel="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <p>“{toDelete?.Name}” will be deleted and you will get no more emails about it.</p>
      </ConfirmDialog>
    </Page>
  );
}
