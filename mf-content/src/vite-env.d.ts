/** Build-time configuration of mf-content (Vite `VITE_*` variables; see README.md). */
interface ImportMetaEnv {
  /** External payment page for the Premium plan. */
  readonly VITE_PAYMENT_LINK_PREMIUM?: string;
  /** External payment page for the Professional plan. */
  readonly VITE_PAYMENT_LINK_PROFESSIONAL?: string;
  /** External payment page for the Free plan's unlimited-messages upgrade (£5 a month). */
  readonly VITE_PAYMENT_LINK_MESSAGING?: string;
}
