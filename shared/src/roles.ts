/**
 * Roles beyond the account type. Granted only from the command line (npm run moderators). A module of its own so
 * that the domain types (User.roles) and the trust and safety objects (which use the domain types) both read it
 * without importing each other.
 */
export const USER_ROLES = ['moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
