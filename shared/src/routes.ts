/** The spec's route table (section 2) as paths, so links never drift. */
export const ROUTES = {
  home: '/',
  rooms: '/rooms',
  findARoom: '/find-a-room',
  room: (id: number | string) => `/rooms/${id}`,
  editRoom: (id: number | string) => `/rooms/${id}/edit`,
  postAd: '/post-ad',
  myListings: '/my-listings',
  flatmates: '/flatmates',
  myFlatmateProfile: '/my-flatmate-profile',
  messages: '/messages',
  chat: (otherUserId: number | string) => `/messages/chat/${otherUserId}`,
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  pricing: '/pricing',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faq: '/faq',
  safety: '/safety',
  safetyAdvice: '/safety-advice',
  advice: '/advice',
  careers: '/careers',
  press: '/press',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  advertiserTips: '/advertiser-tips',
  sitemap: '/sitemap',
  news: '/news',
  newsArticle: (id: number | string) => `/news/${id}`,
  newsCategory: (slug: string) => `/news/category/${slug}`,
  accessibility: '/accessibility',
} as const;

/** Query string of the room search (section 2, Home search box and Room search). */
export function roomsSearchUrl(params: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${ROUTES.rooms}?${s}` : ROUTES.rooms;
}
