/** RoomNest's own details, written once for every page that states them. */
export const COMPANY = {
  legalName: 'RoomNest Ltd',
  address: '2nd Floor, 120 Commercial Street, London E1 6NF',
  addressLines: ['RoomNest Ltd', '2nd Floor, 120 Commercial Street', 'London E1 6NF'],
  founded: 2021,
  activeUsers: '50,000',
  emails: {
    support: 'support@roomnest.co.uk',
    safety: 'safety@roomnest.co.uk',
    privacy: 'privacy@roomnest.co.uk',
    press: 'press@roomnest.co.uk',
    careers: 'careers@roomnest.co.uk',
    accessibility: 'accessibility@roomnest.co.uk',
  },
  /** The press office line; 020 7946 0xxx is Ofcom's range for drama and examples, so it never rings a stranger. */
  pressPhone: { display: '+44 20 7946 0321', href: 'tel:+442079460321' },
} as const;

export const mailto = (email: string, subject?: string) => (subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`);
