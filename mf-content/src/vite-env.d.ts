/** Build-time configuration of mf-content (Vite `VITE_*` variables; see README.md). */
interface ImportMetaEnv {
  /** External payment page for the Premium plan. */
  readonly VITE_PAYMENT_LINK_PREMIUM?: string;
  /** External payment page for the Professional plan. */
  readonly VITE_PAYMENT_LINK_PROFESSIONAL?: string;
}
