/** Profiles as the users API sends them, for this module's unit tests. */
import { TEST_USERS } from '@roomnest/shared/testing';
import type { FlatmateCard, FlatmateSearchPage, Profile } from '@roomnest/shared';

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  const u = TEST_USERS.tenant;
  return {
    UserID: u.userId,
    Name: u.name,
    Email: u.email,
    UserType: u.userType,
    Plan: u.plan,
    PhoneNumber: '07700 900123',
    ProfilePictureURL: null,
    Bio: 'Junior doctor at the Royal London, tidy, quiet on weeknights, loves cooking on Sundays.',
    LookingForDescription: 'A double room in a friendly flat near the Overground.',
    BudgetMin: 600,
    BudgetMax: 900,
    PreferredLocations: 'Hackney, Stratford',
    FlatmateMoveInDate: '2026-12-01',
    EmailOnMessage: true,
    IsActivelyLooking: false,
    EmailVerified: true,
    ...overrides,
  };
}

export function flatmateFixture(overrides: Partial<FlatmateCard> = {}): FlatmateCard {
  return {
    UserID: 501,
    Name: 'Priya Shah',
    ProfilePictureURL: '/uploads/profiles/priya.jpg',
    Bio: 'Product designer working from home two days a week. I like plants, board games and a calm, clean kitchen.',
    LookingForDescription: 'Easy-going sharers who cook together now and then, within walking distance of a Tube or Overground station.',
    BudgetMin: 600,
    BudgetMax: 900,
    PreferredLocations: 'Hackney, Bethnal Green, Shoreditch',
    FlatmateMoveInDate: '2026-11-22',
    EmailVerified: false,
    ...overrides,
  };
}

export const flatmatePage = (profiles: FlatmateCard[], over: Partial<FlatmateSearchPage> = {}): FlatmateSearchPage => ({
  profiles,
  currentPage: 1,
  totalPages: profiles.length ? 1 : 0,
  ...over,
});
