/** Domain types: the data of docs/product.md (Data, The API contract). */
export const USER_TYPES = ['Tenant', 'Landlord'] as const;

/** Roles beyond the account type. Granted only from the command line (npm run moderators). Here, not in trust.ts, which imports this file. */
export const USER_ROLES = ['moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserType = (typeof USER_TYPES)[number];

export const PLAN_NAMES = ['Free', 'Premium', 'Professional'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const ROOM_TYPES = ['Single', 'Double', 'Studio', 'Shared'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const PET_POLICIES = ['Not Allowed', 'Allowed', 'Case-by-Case'] as const;
export type PetPolicy = (typeof PET_POLICIES)[number];

export const SMOKING_POLICIES = ['Not Allowed', 'Allowed', 'Outside Only'] as const;
export type SmokingPolicy = (typeof SMOKING_POLICIES)[number];

export const LISTING_STATUSES = ['Available', 'Pending', 'Unavailable'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * Amenity keys used on forms, with their display names. The eight original
 * keys plus our `bills_included`, which drives the 'Bills Included' icon on
 * cards (an explicit key beats reading it out of the text; docs/product.md, Data).
 */
export const AMENITIES = [
  { key: 'wifi', name: 'WiFi' },
  { key: 'parking', name: 'Parking' },
  { key: 'laundry', name: 'Laundry' },
  { key: 'furnished', name: 'Furnished' },
  { key: 'air_conditioning', name: 'Air Conditioning' },
  { key: 'heating', name: 'Heating' },
  { key: 'kitchen_access', name: 'Kitchen Access' },
  { key: 'private_bathroom', name: 'Private Bathroom' },
  { key: 'bills_included', name: 'Bills Included' },
] as const;
export type AmenityKey = (typeof AMENITIES)[number]['key'];
// Pure: a bundle that never reads it (the shell) leaves it and AMENITIES out.
export const AMENITY_KEYS = /* @__PURE__ */ AMENITIES.map((a) => a.key) as [AmenityKey, ...AmenityKey[]];

/** The user the browser keeps under the `currentUser` storage key. */
export interface User {
  userId: number;
  name: string;
  email: string;
  userType: UserType;
  plan: PlanName;
  profilePictureURL: string | null;
  /** ["moderator"] for a moderator, else []. */
  roles: UserRole[];
  /** Whether the person has opened the link of their verification email. */
  emailVerified: boolean;
}

export interface Amenity {
  AmenityID: number;
  Name: string;
}

export interface Listing {
  ListingID: number;
  LandlordID: number;
  LandlordName: string;
  LandlordProfilePictureURL: string | null;
  /** The landlord has confirmed their email address (the "Email verified" mark). */
  LandlordEmailVerified: boolean;
  Title: string;
  Description: string;
  Address: string;
  City: string;
  State: string;
  ZipCode: string;
  RoomType: RoomType;
  Rent: number;
  Deposit: number | null;
  /** Calendar date, YYYY-MM-DD. */
  AvailableDate: string;
  /** The cover's `Url` (the first photo), null without photos. */
  ImageUrl: string | null;
  /** Resized copy for cards: the cover's `ThumbUrl`. */
  ThumbnailUrl: string | null;
  /** Display order, the first is the cover. Search answers carry only the cover. */
  Photos: Photo[];
  Amenities: Amenity[];
  AmenitiesNames: string;
  LeaseTerms: string;
  PetPolicy: PetPolicy;
  SmokingPolicy: SmokingPolicy;
  Status: ListingStatus;
  /** Instants, ISO 8601 UTC. */
  CreatedAt: string;
  ExpiresAt: string;
}

/**
 * One photo of a listing. Every photo is stored in the sizes of PHOTO_VARIANTS
 * (shared/src/photos.ts), named after its `Url`; `photoSources` builds the
 * `srcset` from these fields alone.
 */
export interface Photo {
  PhotoID: number;
  /** The full-size JPEG (at most 1600 px a side). */
  Url: string;
  /** The 640×480 card copy (WebP). */
  ThumbUrl: string;
  /** Pixels of `Url`; null only for a photo from before photos had sizes, until the server has made them. */
  Width: number | null;
  Height: number | null;
}

/** A listing on My Listings: with its own figures (a landlord's own visits do not count). */
export interface MyListing extends Listing {
  /** Views of the room's detail by others, one per viewer per day. */
  Views: number;
  /** Distinct people who sent a message about this listing. */
  Enquiries: number;
  /** When our trust and safety team took the listing down (ISO 8601): hidden from everyone else. Null otherwise. */
  RemovedAt: string | null;
}

/** One London day of a listing's figures. */
export interface ListingDayFigures {
  /** YYYY-MM-DD, a London day. */
  Date: string;
  Views: number;
  /** People whose first message about the listing was sent that day. */
  Enquiries: number;
}

/** GET /api/listings/my-listings/stats: each of the landlord's listings, day by day over LISTING_STATS_DAYS London days. */
export interface MyListingsStats {
  /** The first and last day of the series (today in London), YYYY-MM-DD. */
  From: string;
  To: string;
  listings: { ListingID: number; Title: string; Days: ListingDayFigures[] }[];
}

export interface ListingsPage {
  listings: Listing[];
  /** Matches over all pages, counted up to a cap (the API's SEARCH_TOTAL_CAP). */
  total: number;
  /** True when more listings match than `total` says: show it as "1,000+". */
  totalCapped?: boolean;
  page: number;
  totalPages: number;
  /** How the `city` parameter was read as a place; absent without one. */
  location?: SearchLocation;
}

/** What a room search's `city` may name: a city (or the start of its name), an area, a street, a postcode district or a postcode. */
export type PlaceKind = 'city' | 'area' | 'street' | 'district' | 'postcode';

export interface SearchLocation {
  /** False when the text names no place the listings know: the search then finds nothing. */
  understood: boolean;
  /** What to show after "Rooms in": "Hackney, London", "E8", "E8 3PB", "Mare Street, Hackney"; null when not understood. */
  label: string | null;
  /** Each reading of the text, the exact area, district and postcode ones first (listed first under relevance). */
  matches: { kind: PlaceKind; label: string; exact: boolean }[];
}

export interface Profile {
  UserID: number;
  Name: string;
  Email: string;
  UserType: UserType;
  Plan: PlanName;
  PhoneNumber: string | null;
  ProfilePictureURL: string | null;
  Bio: string | null;
  LookingForDescription: string | null;
  BudgetMin: number | null;
  BudgetMax: number | null;
  /** Comma-separated, e.g. "Hackney, Stratford". */
  PreferredLocations: string | null;
  /** Calendar date, YYYY-MM-DD. */
  FlatmateMoveInDate: string | null;
  IsActivelyLooking: boolean;
  /** Whether a message left unread is emailed (default true). */
  EmailOnMessage: boolean;
  /** Whether the person has confirmed their email address. */
  EmailVerified: boolean;
}

export interface FlatmateCard {
  UserID: number;
  Name: string;
  ProfilePictureURL: string | null;
  Bio: string | null;
  LookingForDescription: string | null;
  BudgetMin: number | null;
  BudgetMax: number | null;
  PreferredLocations: string | null;
  FlatmateMoveInDate: string | null;
  /** The person has confirmed their email address. */
  EmailVerified: boolean;
}

export interface FlatmateSearchPage {
  profiles: FlatmateCard[];
  currentPage: number;
  totalPages: number;
}

export interface Conversation {
  PartnerID: number;
  PartnerName: string;
  PartnerProfilePictureURL: string | null;
  /** The partner has confirmed their email address. */
  PartnerEmailVerified: boolean;
  LastMessage: string;
  LastMessageSenderID: number;
  LastMessageSentAt: string;
  UnreadCount: number;
  /** The room the conversation is about: that of its latest message naming one; null when none. */
  ListingID: number | null;
  /** The room's current title; null when none. */
  ListingTitle: string | null;
  /** The room's cover, card size; null when none or without photos. */
  ListingThumbUrl: string | null;
}

export interface Message {
  MessageID: number;
  SenderID: number;
  ReceiverID: number;
  MessageContent: string;
  SentAt: string;
  SenderName: string;
  ReceiverName: string;
  ReadAt: string | null;
  /** The room the message is about (an enquiry from its page); null when none. */
  ListingID: number | null;
  ListingTitle: string | null;
  /**
   * The server's reading of the text (shared/src/scam-phrases.ts): it asks for money before a viewing. The chat
   * shows the receiver a safety banner; the sender sees nothing.
   */
  SafetyWarning: boolean;
}

export interface UnreadCount {
  totalUnread: number;
}

export interface BlogPost {
  id: number;
  title: string;
  date: string;
  author: string;
  excerpt: string;
  slug: string;
  content: string;
}

export interface NewsItem {
  id: number;
  title: string;
  date: string;
  category: string;
  excerpt: string;
  image: string;
}

export interface PressRelease {
  date: string;
  title: string;
  summary: string;
  link: string;
}

export interface Download {
  name: string;
  description: string;
  format: string;
}

export interface LoginResponse {
  token: string;
  message: string;
  user: User;
}

export interface RegisterResponse {
  message: string;
  userId: number;
}

/** How often a saved search emails its new matches: at once, in one digest a day, or never. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** The search parameters of GET /api/listings a saved search keeps; absent ones are not part of it. */
export interface SavedSearchCriteria {
  city?: string;
  address?: string;
  minPrice?: number;
  maxPrice?: number;
  priceRange?: string;
  roomType?: RoomType;
  /** YYYY-MM-DD. */
  availableDate?: string;
}

export interface SavedSearch {
  SavedSearchID: number;
  Name: string;
  Criteria: SavedSearchCriteria;
  Frequency: SavedSearchFrequency;
  /** ISO date-time. */
  CreatedAt: string;
  /** When its last alert or digest was sent; null before the first. */
  LastSentAt: string | null;
}
