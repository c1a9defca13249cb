import { LISTINGS_PAGE_SIZE_DEFAULT, TEXTS } from '@roomnest/shared';
import { errorMessage, errorStatus } from '@roomnest/shared/client';
import { Alert, Button, LoadingState, Page, PageHeader, Pagination, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { useSearchListingsQuery } from '../../api/search-api.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { RoomCard } from './RoomCard.tsx';
import { readSearch, searchHref, writeSearch, type RoomSearch } from './search-query.ts';
import s from './room-search.module.css';

/**
 * Search results are cached per query string; coming back to a search shows
 * it at once and refreshes it in the background when it is older than this.
 * A landlord's own changes refresh it immediately (listingsChanged).
 */
const REFRESH_AFTER_SECONDS = 30;

const plural = (n: number, one: string, many: string, more = false) => `${n.toLocaleString('en-GB')}${more ? '+' : ''} ${n === 1 && !more ? one : many}`;

/** /rooms and /find-a-room: filters, sort, results and pagination, all in the query string. */
export default function RoomSearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const search = useMemo(() => readSearch(params), [params]);
  const { data, error, isLoading, isFetching, isError, refetch } = useSearchListingsQuery(search, { refetchOnMountOrArgChange: REFRESH_AFTER_SECONDS });

  // A 404 answer is an empty result (spec section 8).
  const notFound = isError && errorStatus(error) === 404;
  const failed = isError && !notFound;
  const listings = notFound ? [] : (data?.listings ?? []);
  const total = notFound ? 0 : (data?.total ?? 0);
  const page = data?.page ?? search.page ?? 1;
  const totalPages = data?.totalPages ?? 0;
  const settled = !isFetching && (Boolean(data) || isError);

  const headingRef = usePageFocus<HTMLHeadingElement>();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const arrivedAt = useRef(location.key);
  const focusedFor = useRef<string | null>(null);
  // After Apply Filters or a page change, focus moves to the result count, once the results are in.
  useEffect(() => {
    if (navigationType === 'POP' || location.key === arrivedAt.current || !settled || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    resultsRef.current?.focus({ preventScroll: true });
  }, [navigationType, location.key, settled]);

  const from = `${location.pathname}${location.search}`;
  const apply = (next: RoomSearch) => setParams(writeSearch(next));
  const clear = () => setParams(new URLSearchParams());
  const hrefFor = (p: number) => searchHref(location.pathname, { ...search, page: p });

  let heading = 'Searching rooms…';
  if (failed) heading = 'Search failed';
  else if (data || notFound) heading = total ? plural(total, 'room found', 'rooms found', data?.totalCapped === true) : 'No rooms found';

  let results;
  if (isLoading) results = <LoadingState label="Finding rooms…" />;
  else if (failed)
    results = (
      <Alert>
        <p className={s.errorText}>Error: {errorMessage(error, TEXTS.roomsFailed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (total === 0)
    results = (
      <StatusMessage
        action={
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        <p>{TEXTS.roomsEmpty}</p>
      </StatusMessage>
    );
  else if (listings.length === 0)
    results = (
      <StatusMessage action={<Link to={hrefFor(Math.max(1, totalPages))}>Go to the last page</Link>}>
        <p>There are no rooms on page {page}; the results end at page {totalPages}.</p>
      </StatusMessage>
    );
  else {
    const first = (page - 1) * LISTINGS_PAGE_SIZE_DEFAULT + 1;
    results = (
      <>
        <p className={s.range}>
          Showing {first.toLocaleString('en-GB')}–{(first + listings.length - 1).toLocaleString('en-GB')} of {total.toLocaleString('en-GB')}
          {data?.totalCapped ? '+' : ''}
        </p>
        <ul className={s.grid} aria-busy={isFetching} aria-label="Rooms">
          {listings.map((listing) => (
            <li key={listing.ListingID}>
              <RoomCard listing={listing} from={from} />
            </li>
          ))}
        </ul>
        <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="Search results pages" />
      </>
    );
  }

  return (
    <Page title="Find a room">
      <PageHeader
        headingRef={headingRef}
        title="Find a room"
        subtitle="Search rooms to rent across the UK by area, monthly rent, room type and move-in date, then open any room for the full details."
      />
      <div className={s.layout}>
        <FilterPanel key={location.search} search={search} onApply={apply} onClear={clear} />
        <section className={s.results} aria-labelledby="room-results-heading" aria-busy={isFetching}>
          <h2 id="room-results-heading" ref={resultsRef} tabIndex={-1} className={s.heading} aria-live="polite">
            {heading}
          </h2>
          <div className={isFetching && !isLoading ? `${s.body} ${s.refreshing}` : s.body}>{results}</div>
        </section>
      </div>
    </Page>
  );
}
