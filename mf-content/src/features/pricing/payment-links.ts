import type { PlanName, User } from '@roomnest/shared';

/** What can be bought: the paid plans, and the Free plan's unlimited-messages upgrade. */
export type PaidPlan = Exclude<PlanName, 'Free'> | 'UnlimitedMessages';

/** Used when the build sets no VITE_PAYMENT_LINK_* variable (see README.md). */
export const DEFAULT_PAYMENT_LINKS: Record<PaidPlan, string> = {
  Premium: 'https://buy.stripe.com/roomnest-premium',
  Professional: 'https://buy.stripe.com/roomnest-professional',
  UnlimitedMessages: 'https://buy.stripe.com/roomnest-unlimited-messages',
};

const configured: Record<PaidPlan, string | undefined> = {
  Premium: import.meta.env.VITE_PAYMENT_LINK_PREMIUM,
  Professional: import.meta.env.VITE_PAYMENT_LINK_PROFESSIONAL,
  UnlimitedMessages: import.meta.env.VITE_PAYMENT_LINK_MESSAGING,
};

/**
 * The external payment page of a paid plan or the upgrade. For a signed-in member it carries
 * their id and email (`client_reference_id`, `prefilled_email`, the
 * parameters hosted payment links accept) so the payment can be matched to
 * the account.
 */
export function paymentLink(plan: PaidPlan, user?: User | null): string {
  const base = configured[plan]?.trim() || DEFAULT_PAYMENT_LINKS[plan];
  if (!user) return base;
  try {
    const url = new URL(base);
    url.searchParams.set('client_reference_id', String(user.userId));
    url.searchParams.set('prefilled_email', user.email);
    return url.toString();
  } catch {
    return base;
  }
}
