/** The footer (docs/product.md, Screens) as data. External links open in a new tab. */

export interface FooterLink {
  to: string;
  label: string;
}

export interface FooterColumn {
  title: string;
  links: FooterLink[];
}

/** 'Post an Ad' is added to "Find & list" by the footer: its target depends on the session. */
export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: 'RoomNest',
    links: [
      { to: '/about-us', label: 'About Us' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/blog', label: 'Blog' },
      { to: '/news', label: 'News' },
    ],
  },
  {
    title: 'Find & list',
    links: [
      { to: '/rooms', label: 'Find a Room' },
      { to: '/flatmates', label: 'Find Flatmates' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/advertiser-tips', label: 'Advertiser Tips' },
    ],
  },
  {
    title: 'Help & support',
    links: [
      { to: '/contact-us', label: 'Contact Us' },
      { to: '/faq', label: 'FAQ' },
      { to: '/safety', label: 'Safety' },
      { to: '/advice', label: 'Advice' },
      { to: '/accessibility', label: 'Accessibility' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-conditions', label: 'Terms & Conditions' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/sitemap', label: 'Sitemap' },
    ],
  },
];

export interface ExternalLink {
  href: string;
  label: string;
}

export const SOCIAL_LINKS: ExternalLink[] = [
  { href: 'https://www.facebook.com/roomnestuk', label: 'Facebook' },
  { href: 'https://www.instagram.com/roomnestuk', label: 'Instagram' },
  { href: 'https://x.com/roomnestuk', label: 'X' },
  { href: 'https://www.linkedin.com/company/roomnest-uk', label: 'LinkedIn' },
];

export const APP_LINKS: ExternalLink[] = [
  { href: 'https://apps.apple.com/gb/app/roomnest/id6477201841', label: 'Download on the App Store' },
  { href: 'https://play.google.com/store/apps/details?id=uk.roomnest.app', label: 'Get it on Google Play' },
];
