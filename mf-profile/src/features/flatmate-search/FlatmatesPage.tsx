import { FLATMATE_CARDS_PER_ROW, ROUTES, TEXTS, type FlatmateCard, type FlatmateSearchQuery, type User } from '@roomnest/shared';
import { errorMessage, loginRedirectState, notify, selectCurrentUser, selectIsLoggedIn, useHostSelector } from '@roomnest/shared/client';
import { ReportButton } from '@roomnest/shared/trust-ui';
import { Alert, Button, ButtonLink, LoadingState, Page, PageHeader, Pagination, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { useSearchFlatmatesQuery } from '../../api/profile-api.ts';
import { FlatmateCardView } from '../flatmate-card/FlatmateCardView.tsx';
import { FilterBar } from './FilterBar.tsx';
import { activeFilterCount, flatmatesHref, readFlatmateSearch, writeFlatmateSearch } from './search-query.ts';
import s from './flatmates.module.css';

/** A page of results seen before is shown at once and refreshed in the background when older than this. */
const REFRESH_AFTER_SECONDS = 30;

/**
 * After Apply or a page change the results heading takes focus once the new
 * results are in, so keyboard and screen-reader users land on them. Not on
 * arrival, and not on Back/Forward, where the browser's own handling stands.
 */
function useFocusOnNewResults(settled: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  const arrival = useRef(location.key);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!settled || navigationType === 'POP' || location.key === arrival.current || handled.current === location.key) return;
    handled.current = location.key;
    ref.current?.focus();
  }, [settled, navigationType, location.key]);
  return ref;
}

/** /flatmates: listed flatmate-seeker profiles, filtered and paged through the query string. */
export default function FlatmatesPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const search = useMemo(() => readFlatmateSearch(params), [params]);
  const { data, error, isLoading, isFetching, isError, refetch } = useSearchFlatmatesQuery(search, { refetchOnMountOrArgChange: REFRESH_AFTER_SECONDS });
  const user = useHostSelector(selectCurrentUser);
  const loggedIn = useHostSelector(selectIsLoggedIn);

  const headingRef = usePageFocus<HTMLHeadingElement>();
  const settled = !isFetching && (Boolean(data) || isError);
  const resultsRef = useFocusOnNewResults(settled);

  const profiles = data?.profiles ?? [];
  const page = data?.currentPage ?? search.page ?? 1;
  const totalPages = data?.totalPages ?? 0;
  const filtered = activeFilterCount(search) > 0;

  const apply = (next: FlatmateSearchQuery) => setParams(writeFlatmateSearch(next));
  const clear = () => setParams(new URLSearchParams());
  const hrefFor = (p: number) => flatmatesHref({ ...search, page: p });

  let heading = 'Looking for flatmates…';
  if (isError) heading = 'Search failed';
  else if (data) heading = totalPages > 0 ? 'Flatmate seekers' : 'No flatmates found';

  let results;
  if (isLoading) results = <LoadingState label="Finding flatmates…" />;
  else if (isError)
    results = (
      <Alert>
        <p className={s.alertText}>{errorMessage(error, TEXTS.flatmatesFailed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </Alert>
    );
  else if (totalPages === 0)
    results = (
      <StatusMessage
        action={
          filtered ? (
            <Button variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          ) : undefined
        }
      >
        <p>{TEXTS.flatmatesEmpty}</p>
      </StatusMessage>
    );
  else if (profiles.length === 0)
    results = (
      <StatusMessage action={<Link to={hrefFor(totalPages)}>Go to the last page</Link>}>
        <p>
          There are no profiles on page {page}; the results end at page {totalPages}.
        </p>
      </StatusMessage>
    );
  else
    results = (
      <>
        <ul className={s.grid} style={{ '--cards-per-row': FLATMATE_CARDS_PER_ROW } as CSSProperties} aria-label="Flatmate profiles">
          {profiles.map((card) => (
            <li key={card.UserID}>
              <FlatmateCardView
                card={card}
                action={
                  <>
                    <MessageAction card={card} user={user} loggedIn={loggedIn} />
                    {/* Anyone may report a card but its owner; a visitor is taken to log in first. */}
                    {loggedIn && user?.userId === card.UserID ? null : <ReportButton target={{ TargetType: 'user', TargetID: card.UserID, Source: 'flatmate' }} subject={card.Name} />}
                  </>
                }
              />
            </li>
          ))}
        </ul>
        <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="Flatmate results pages" />
      </>
    );

  return (
    <Page title="Find a flatmate">
      <div className={s.header}>
        <PageHeader
          headingRef={headingRef}
          title="Find a flatmate"
          subtitle="Browse people looking for a room or someone to share with, filtered by preferred area, budget and move-in date."
        />
        {loggedIn ? (
          <ButtonLink to={ROUTES.myFlatmateProfile} variant="secondary" className={s.cta}>
            Your flatmate profile
          </ButtonLink>
        ) : (
          <ButtonLink to={ROUTES.register} variant="secondary" className={s.cta}>
            Join to list your profile
          </ButtonLink>
        )}
      </div>
      <FilterBar key={location.search} search={search} onApply={apply} onClear={clear} />
      <section className={s.results} aria-labelledby="flatmate-results-heading" aria-busy={isFetching}>
        <h2 id="flatmate-results-heading" ref={resultsRef} tabIndex={-1} className={s.heading} aria-live="polite">
          {heading}
          {data && totalPages > 0 ? <span className={s.range}>Page {Math.min(page, totalPages)} of {totalPages}</span> : null}
        </h2>
        <div className={isFetching && !isLoading ? `${s.body} ${s.refreshing}` : s.body}>{results}</div>
      </section>
    </Page>
  );
}

/**
 * A card's footer (docs/product.md, Screens: flatmates): the Message button for a logged-in
 * user other than the card's owner; the owner gets a link to their profile
 * instead. A visitor sees the button too, and it takes them to /login,
 * remembering this search so they come back to it.
 */
function MessageAction({ card, user, loggedIn }: { card: FlatmateCard; user: User | null; loggedIn: boolean }) {
  const location = useLocation();
  const label = (
    <>
      Message<span className="visually-hidden"> {card.Name}</span>
    </>
  );
  if (loggedIn && user?.userId === card.UserID) {
    return (
      <p className={s.own}>
        This is your profile. <Link to={ROUTES.myFlatmateProfile}>Edit it</Link>
      </p>
    );
  }
  if (loggedIn) {
    return (
      <ButtonLink to={ROUTES.chat(card.UserID)} variant="accent">
        {label}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={ROUTES.login} state={loginRedirectState(location)} variant="accent" onClick={() => notify.info(TEXTS.loginRequired)}>
      {label}
    </ButtonLink>
  );
}
