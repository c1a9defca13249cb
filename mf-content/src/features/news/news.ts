import { findArticleMeta, LISTING_ACTIVE_DAYS, LISTING_RENEW_WINDOW_DAYS, NEWS_CATEGORY_META, type NewsItem } from '@roomnest/shared';
import listingRenewals from '../../assets/news/listing-renewals.svg';
import rentsChart from '../../assets/news/rents-chart.svg';
import threeCities from '../../assets/news/three-cities.svg';

/** The categories of the news sidebar (docs/product.md, Screens), after 'All News'. */
export const NEWS_CATEGORIES = NEWS_CATEGORY_META;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export type NewsCategoryName = NewsCategory['name'];

/** A news item (id, title, date, category, excerpt, image), with its text and a description of its image. */
export interface NewsArticle extends NewsItem {
  category: NewsCategoryName;
  imageAlt: string;
  /** Blocks as in the blog (see blog/article-blocks.ts). */
  content: string;
}

/** The id, title and summary of an article, from the one list the server reads too (shared/src/published-content.ts). */
function articleMeta(id: number): Pick<NewsItem, 'id' | 'title' | 'excerpt'> {
  const meta = findArticleMeta(id);
  if (!meta) throw new Error(`No published metadata for the news article ${id}`);
  return { id: meta.id, title: meta.title, excerpt: meta.summary };
}

/** The three news articles, newest first. */
export const NEWS_ARTICLES: readonly NewsArticle[] = [
  {
    ...articleMeta(1),
    date: '2025-05-12',
    category: 'Company News',
    image: threeCities,
    imageAlt: 'An illustration of the skylines of Manchester, Birmingham and London joined by a dotted line.',
    content: `RoomNest has passed 50,000 active users, and from today renters and landlords in Manchester and Birmingham can advertise and search rooms and flatmate profiles on the same service that has grown up in East London.

## From East London to three cities

RoomNest started in 2021 to make renting a room in East London simpler and safer. Shoreditch, Hackney, Stratford and the towns further out along the Elizabeth line, from Ilford to Romford, are still among the busiest areas on the site. Over the last year, though, more and more members have told us they are moving between cities for work or study and want to keep using the same search.

## Why Manchester and Birmingham

Both cities have large student and young professional populations, growing city-centre rental markets and a lot of people who share. In Manchester we are starting with the city centre, Ancoats, Fallowfield, Didsbury and Salford; in Birmingham with the city centre, Digbeth, the Jewellery Quarter, Edgbaston and Selly Oak.

## What changes for members

- Search by city or area exactly as you do today; rooms in all three cities appear in the same results.
- Flatmate profiles can now list preferred areas in any of the three cities.
- Plans and prices stay the same, and a plan covers listings in every city.
- Our support and trust and safety teams now include people based in Manchester and Birmingham.

## What comes next

We will spend the rest of the year listening to members in the two new cities and adapting RoomNest to their local markets, with local advice on deposits, council tax and student lets. If you run a house share in either city, we would love to hear from you.`,
  },
  {
    ...articleMeta(2),
    date: '2025-04-28',
    category: 'Market Analysis',
    image: rentsChart,
    imageAlt: 'A bar chart of monthly room rents by area in front of a row of London terraced houses.',
    content: `Every spring, demand for rooms in London picks up as graduates, new starters and people moving for work look for somewhere to live. We looked at the double rooms advertised on RoomNest in our ten East London areas between 1 March and 20 April 2025 to see what renters are paying and what is letting fastest.

## Rents by area

Advertised rents for a double room varied widely across East London, with a typical room in Shoreditch or Canary Wharf costing well over £1,000 a month and rooms further out along the Elizabeth line costing around £300 a month less.

- Shoreditch and Canary Wharf: typically £1,050 to £1,250 a month.
- Hackney, Bethnal Green and Whitechapel: typically £900 to £1,050.
- Stratford: typically £850 to £1,000.
- Ilford, Newbury Park, Romford and Barking: typically £700 to £850.

Across all ten areas, the median advertised rent for a double room was £925 a month, around 4% higher than in the same weeks of 2024.

## Bills included is now the norm

Six in ten adverts in our sample included bills in the rent, up from around half a year earlier. Renters tell us they prefer a single, predictable monthly payment, and landlords letting several rooms in one house find it simpler to manage one set of accounts. When comparing rooms, remember that a room with bills included can be the cheaper option even when the headline rent is higher.

## Rooms near the Elizabeth line let fastest

Rooms within ten minutes’ walk of an Elizabeth line station were marked as let after a median of 9 days, compared with 14 days for rooms further away. Fast journeys into the City and Canary Wharf continue to make places like Ilford and Romford good value for commuters.

## What it means for renters

Start looking four to six weeks before you want to move, set up alerts for the areas you like and be ready to view quickly. If your budget is under £850, widen your search east along the Elizabeth line, where rooms are larger for the money.

## What it means for landlords

Rooms that are well photographed, clearly priced and include bills attract more enquiries and let faster. Our advertiser tips set out what works.

## About the data

These figures are based on double rooms advertised on RoomNest, not on rents finally agreed, and on our ten East London areas only. They describe what renters see on RoomNest and should not be read as an official measure of the London rental market.`,
  },
  {
    ...articleMeta(3),
    date: '2025-03-18',
    category: 'Product Updates',
    image: listingRenewals,
    imageAlt: 'An illustration of a calendar headed 30 days with a Renew listing button, beside a renewal icon.',
    content: `Nothing is more frustrating for a renter than messaging about a room that went weeks ago. So we have made it much clearer how long a listing stays live, and much easier for landlords to keep a live listing live.

## Every listing shows its expiry date

Standard listings stay active for ${LISTING_ACTIVE_DAYS} days. Manage My Ads now shows the exact date each listing expires, and a reminder when it has a week or less to go. Expired listings stop appearing in searches but stay in your account, so nothing is lost.

## One-click renewals

In the last ${LISTING_RENEW_WINDOW_DAYS} days before a listing expires, or at any time after it has expired, a Renew button appears beside it. One click gives the listing another ${LISTING_ACTIVE_DAYS} days from that moment, with all its details, photos and messages unchanged.

## Status at a glance

Each listing carries a coloured status badge: green for Available, yellow for Pending and grey for Unavailable. Changing the status takes one click, and the Update button only lights up when you have chosen a new one.

## Why it matters

Renters told us that out-of-date adverts were one of their biggest frustrations. Since we tested these changes with a group of landlords in February, the share of enquiries about rooms that had already gone fell by more than a third. We hope you notice the difference too.`,
  },
];

export const categoryBySlug = (slug: string) => NEWS_CATEGORIES.find((category) => category.slug === slug);
export const categoryByName = (name: string) => NEWS_CATEGORIES.find((category) => category.name === name);

/** The article with this id; ids in addresses are whole numbers, so '01' or '1.0' find nothing. */
export const findArticle = (id: string) => (/^[1-9]\d*$/.test(id) ? NEWS_ARTICLES.find((article) => article.id === Number(id)) : undefined);

export const articlesIn = (category: NewsCategory | undefined) =>
  category ? NEWS_ARTICLES.filter((article) => article.category === category.name) : NEWS_ARTICLES;
