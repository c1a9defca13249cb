import type { BlogPost } from '@roomnest/shared';

/** The three fixed blog posts (spec section 2, Blog). `content` holds paragraphs separated by blank lines. */
export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    slug: 'understanding-tenancy-agreement',
    title: 'Understanding Your Tenancy Agreement',
    date: '2025-04-22',
    author: 'Hannah Fletcher',
    excerpt: 'What the document you are about to sign actually says: the type of agreement, the term, the deposit, bills and how to leave.',
    content: `Before you move into a room you will be asked to sign an agreement, and it is worth reading every page. The first thing to check is what kind of agreement it is. If your landlord does not live in the property you will usually have a tenancy, which gives you legal protection from eviction without a court order. If you share the home with your landlord you are a lodger with a licence, and the rules for ending it are much simpler.

Look at the term and how it ends. A fixed term ties both of you in for a set period; a rolling (periodic) agreement runs month to month. Check how much notice you must give, whether there is a break clause, and who is responsible if you want to leave early and a replacement tenant has to be found.

If you pay a deposit on a tenancy in England or Wales, your landlord must protect it in a government-approved scheme within 30 days and give you the scheme's details. The deposit is normally capped at five weeks' rent. Ask for a written inventory with photos when you move in: it is your best evidence when the deposit comes back.

Finally, be clear about money beyond the rent. The agreement should say which bills are included (energy, water, broadband, council tax), how the rent is paid and when it can be reviewed. If something you were told at the viewing is not in writing, ask for it to be added before you sign.`,
  },
  {
    id: 2,
    slug: 'tips-finding-flatmate',
    title: 'Top Tips for Finding the Perfect Flatmate',
    date: '2025-05-06',
    author: 'Marcus Bennett',
    excerpt: 'Good flatmates are made before the move: how to write a profile that attracts the right people and what to ask when you meet.',
    content: `The best flatmate relationships start with an honest profile. Say how you actually live: whether you work from home, what time you get up, how often friends come round and how tidy you really are. The people who reply to an accurate profile are far more likely to be a good match than the people who reply to a flattering one.

Meet before you commit, in person or on a video call, and ask practical questions. How do they like to split bills and shared shopping? What do they think a clean kitchen looks like? Do they smoke, have pets or have a partner who stays over? None of these have right answers, but a mismatch is far easier to spot now than three months into a tenancy.

Agree the money up front. Decide whether the rent is split equally or by room size, who the bills are registered to and how they are shared, and put it in writing, even if it is only a shared note. Make sure everyone is named on the tenancy where they should be, so no one person carries the whole risk.

Trust your instincts and take your time. If anything about a conversation feels rushed, or someone asks for money before you have seen the room, step back. The right flatmate will still be there after a second chat.`,
  },
  {
    id: 3,
    slug: 'landlord-essentials-property-prep',
    title: 'Landlord Essentials: Preparing Your Property for Tenants',
    date: '2025-05-20',
    author: 'Priya Raman',
    excerpt: 'The certificates, checks and finishing touches to sort out before your first viewing, so your room lets quickly and legally.',
    content: `Letting a room starts with the paperwork. In England you need a valid gas safety certificate, renewed every year by a Gas Safe registered engineer; an Energy Performance Certificate with a rating of at least E; and an electrical safety report (EICR) renewed at least every five years. Give copies to your tenants before they move in, together with the government's How to Rent guide.

Fit a working smoke alarm on every storey and a carbon monoxide alarm in any room with a fixed combustion appliance, such as a gas boiler, and test them on the day the tenancy starts. If five or more people from two or more households will share the property, it is a licensable house in multiple occupation (HMO); some councils, including several in East London, license smaller shared houses too, so check with yours.

Before a tenancy starts you must also check that each adult tenant has the right to rent in England, and keep a copy of the documents you saw. If you take a deposit, protect it in an approved scheme within 30 days and give the tenant the prescribed information.

Then make the room easy to say yes to. Clean thoroughly, fix small repairs, and take bright photos in daylight. Describe the room honestly in your advert: its size, what furniture is included, which bills are covered and who else lives there. Clear adverts attract the right enquiries and fill rooms faster.`,
  },
];

export const findPost = (slug: string) => BLOG_POSTS.find((p) => p.slug === slug);
