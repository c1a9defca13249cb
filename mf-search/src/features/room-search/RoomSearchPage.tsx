import { LISTINGS_PAGE_SIZE_DEFAULT, SORT_OPTIONS, TEXTS, type SearchLocation, type SortBy } from '@roomnest/shared';
import { errorMessage, errorStatus } from '@roomnest/shared/client';
import { useSaveIntent } from '@roomnest/shared/listing';
import { Alert, Button, controlClass, LoadingState, Options, Page, PageHeader, Pagination, StatusMessage, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, useId, useMemo, useRef, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { useSearchListingsQuery } from '../../api/search-api.ts';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { RoomCard } from './RoomCard.tsx';
import { readSearch, searchHref, writeSearch, type RoomSearch } from './search-query.ts';
import s from './room-search.module.css';

/**
 * Search results are cached per query string; coming back to a search shows
 * it at once and refreshes it in the background when it is older than this.
 * A landlord's own changes refresh it immediately (the one cache's 'Listing' tags).
 */
const REFRESH_AFTER_SECONDS = 30;

const plural = (n: number, one: string, many: string, more = false) => `${n.toLocaleString('en-GB')}${more ? '+' : ''} ${n === 1 && !more ? one : many}`;

/** A navigation that leaves focus where it is (a sort order chosen in its select), instead of moving it to the results. */
const KEEP_FOCUS = { keepFocus: true } as const;
const keepsFocus = (state: unknown) => (state as typeof KEEP_FOCUS | null)?.keepFocus === true;

/**
 * /rooms and /find-a-room: filters, sort, results and pagination, all in the
 * query string. The City field is read by the server as a place (a city, an
 * area, a street, a postcode or its district); the heading says what it was
 * read as ("Rooms in Hackney, London"). A sort order applies as soon as it is
 * chosen; it sits beside the results, outside the filters that fold away on
 * narrow screens.
 */
export default function RoomSearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const search = useMemo(() => readSearch(params), [params]);
  const sortId = useId();
  // A visitor who pressed a heart here and logged in comes back with `?save=<id>`: saved once, then out of the URL
  // (leaving the focus where the page put it).
  useSaveIntent({ state: KEEP_FOCUS });
  const { data, error, isLoading, isFetching, isError, refetch } = useSearchListingsQuery(search, { refetchOnMountOrArgChange: REFRESH_AFTER_SECONDS });

  // A 404 answer is an empty result (docs/product.md, Errors).
  const notFound = isError && errorStatus(error) === 404;
  const failed = isError && !notFound;
  const listings = notFound ? [] : (data?.listings ?? []);
  const total = notFound ? 0 : (data?.total ?? 0);
  const page = data?.page ?? search.page ?? 1;
  const totalPages = data?.totalPages ?? 0;
  const settled = !isFetching && (Boolean(data) || isError);
  // What the City field was read as (the last answer's, while the next one loads).
  const place = search.city && !isError ? data?.location : undefined;

  // Not after a new sort order either (see KEEP_FOCUS).
  const headingRef = usePageFocus<HTMLHeadingElement>(!keepsFocus(location.state));
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const arrivedAt = useRef(location.key);
  const focusedFor = useRef<string | null>(null);
  // After Apply Filters or a page change, focus moves to the result count, once the results are in; a new sort order
  // leaves it on its select, where the next choice is made.
  useEffect(() => {
    if (navigationType === 'POP' || location.key === arrivedAt.current || !settled || focusedFor.current === location.key || keepsFocus(location.state)) return;
    focusedFor.current = location.key;
    resultsRef.current?.focus({ preventScroll: true });
  }, [navigationType, location.key, location.state, settled]);

  const from = `${location.pathname}${location.search}`;
  const apply = (next: RoomSearch) => setParams(writeSearch({ ...next, sortBy: search.sortBy }));
  // At once, from the first page, with the filters as applied (anything typed but not applied stays in the form).
  const sort = (sortBy: SortBy) => setParams(writeSearch({ ...search, sortBy, page: undefined }), { state: KEEP_FOCUS });
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
  else if (total === 0 && place && !place.understood)
    results = (
      <StatusMessage
        title={`No place called “${search.city}” was found`}
        action={
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        <p>Try a city, an area, a street or a postcode, such as London, Hackney, Mare Street or E8.</p>
      </StatusMessage>
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

  // The form starts again from the URL when the filters change, not when only the order or the page does.
  const filtersKey = writeSearch({ ...search, sortBy: undefined, page: undefined }).toString();

  return (
    <TitledPage title="Find a room" place={place} headingRef={headingRef}>
      <div className={s.layout}>
        <FilterPanel key={filtersKey} search={search} onApply={apply} onClear={clear} />
        <section className={s.results} aria-labelledby="room-results-heading" aria-busy={isFetching}>
          <div className={s.toolbar}>
            <h2 id="room-results-heading" ref={resultsRef} tabIndex={-1} className={s.heading} aria-live="polite">
              {heading}
            </h2>
            <div className={s.tools}>
              <SaveSearchButton search={search} quietState={KEEP_FOCUS} />
              <div className={s.sort}>
                <label htmlFor={sortId} className={s.sortLabel}>
                  Sort by
                </label>
                <select id={sortId} className={controlClass} value={search.sortBy ?? 'relevance'} onChange={(e) => sort(e.target.value as SortBy)}>
                  <Options choices={SORT_OPTIONS} />
                </select>
              </div>
            </div>
          </div>
          <div className={isFetching && !isLoading ? `${s.body} ${s.refreshing}` : s.body}>{results}</div>
        </section>
      </div>
    </TitledPage>
  );
}

/** The page, its heading and its document title: the place the search names when it was understood ("Rooms in Hackney, London"), else `title`. */
function TitledPage({ title, place, headingRef, children }: { title: string; place: SearchLocation | undefined; headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const shown = place?.understood && place.label ? `Rooms in ${place.label}` : title;
  return (
    <Page title={shown}>
      <PageHeader
        headingRef={headingRef}
        title={shown}
        subtitle="Search rooms to rent across the UK by area, monthly rent, room type and move-in date, then open any room for the full details."
      />
      {children}
    </Page>
  );
}
