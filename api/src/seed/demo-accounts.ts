/**
 * The demo accounts seeded on first start (SEED_DEMO=1, the default). Docs and
 * end-to-end tests import them from here. Dependency-free on purpose.
 * Plans (README's demo table): the tenant is on Free with no conversations yet,
 * so the 2 new conversations a month can be tried up to the limit; the first
 * landlord on Free (one post, then the limit); the second on Premium.
 */
export const DEMO_ACCOUNTS = {
  tenant: { email: 'tenant@roomnest.test', password: 'Tenant123!', name: 'Amelia Hughes', userType: 'Tenant', plan: 'Free' },
  landlord: { email: 'landlord@roomnest.test', password: 'Landlord123!', name: 'Oliver Bennett', userType: 'Landlord', plan: 'Free' },
  landlord2: { email: 'landlord2@roomnest.test', password: 'Landlord123!', name: 'Priya Sharma', userType: 'Landlord', plan: 'Premium' },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[DemoAccountKey];
