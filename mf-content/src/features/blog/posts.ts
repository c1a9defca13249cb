import { findPostMeta, type BlogPost } from '@roomnest/shared';

/** The address, title and summary of a post, from the one list the server reads too (shared/src/published-content.ts). */
function postMeta(slug: string): Pick<BlogPost, 'slug' | 'title' | 'excerpt'> {
  const meta = findPostMeta(slug);
  if (!meta) throw new Error(`No published metadata for the blog post "${slug}"`);
  return { slug: meta.slug, title: meta.title, excerpt: meta.summary };
}

/**
 * The three fixed blog posts (docs/product.md, Screens: content). `content` is plain text
 * in blocks separated by blank lines: a block starting with '## ' is a
 * section heading, a block of lines starting with '- ' is a list, anything
 * else is a paragraph (see article-blocks.ts).
 */
export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    ...postMeta('understanding-tenancy-agreement'),
    date: '2025-04-22',
    author: 'Hannah Fletcher',
    content: `Before you move into a room you will be asked to sign an agreement, and it is worth reading every page, however keen you are to get the keys. It sets out what you pay, what you are responsible for and how you can leave. Here is what to look for.

## First, what kind of agreement is it?

If your landlord does not live in the property, you will usually have a tenancy, which gives you legal protection from eviction without a court order. If you live with your landlord and share their kitchen or bathroom, you are a lodger with a licence: the rules for ending it are much simpler, and the landlord only has to give you reasonable notice.

The name of the tenancy depends on where you live. At the time of writing, most private tenancies in England are assured shorthold tenancies, although the Renters’ Rights Bill going through Parliament would replace them with rolling tenancies. Scotland has had open-ended private residential tenancies since 2017, and in Wales most tenants now hold an occupation contract.

## Who is named, and for how much

Check that everyone who will live in the room or the flat is named correctly. On a joint tenancy, all the tenants usually share responsibility for the whole rent: if a flatmate stops paying, the landlord can ask the rest of you to make up the difference. With an individual tenancy for your own room, you are only responsible for your own rent.

The agreement should state the rent, the day it is due, how to pay it and whether and how it can be increased. Be wary of a rent review clause that lets the landlord set any new figure they like.

## The deposit

In England a tenancy deposit is capped at five weeks’ rent, or six weeks if the annual rent is £50,000 or more. For a tenancy in England or Wales, your landlord must protect it in a government-approved scheme within 30 days and give you the scheme’s details, known as the prescribed information.

The agreement should say what the landlord may deduct from the deposit, such as unpaid rent or damage beyond fair wear and tear. A written inventory with photos, agreed when you move in, is your best evidence when the deposit comes back.

## Bills and what is included

Look for exactly which bills are in the rent: gas and electricity, water, broadband, council tax and the TV Licence. If bills are included, check whether there is a fair-use limit on energy and what happens if the house goes over it. If they are not, find out whose name the accounts are in and how the costs are shared.

## Repairs and access

Your landlord is responsible for the structure of the building, heating, hot water, gas and electrical safety, and sinks, baths and toilets. You are responsible for looking after the room, reporting problems promptly and not causing damage. Your landlord must normally give you at least 24 hours’ notice before visiting, except in an emergency.

## Ending the tenancy

Check how much notice you must give and how, whether there is a break clause, and what happens if you want to leave early. Leaving before the end of a fixed term usually needs the landlord’s agreement, and you may be asked to cover the rent until a replacement is found.

## Before you sign: a checklist

- Everyone who will live there is named correctly, with the right start date.
- The rent, the day it is due and how it can change are written down.
- You know which deposit scheme will protect your deposit.
- The bills included, and any fair-use limits, are listed.
- Anything you were promised at the viewing, such as a new bed or a repair, is in writing.
- You have had time to read the whole agreement, and you have a copy.

If something in the agreement does not match what you were told, ask for it to be changed before you sign. A good landlord will not mind the question. For free advice on a clause you are unsure about, contact Shelter or Citizens Advice.`,
  },
  {
    id: 2,
    ...postMeta('tips-finding-flatmate'),
    date: '2025-05-06',
    author: 'Marcus Bennett',
    content: `The right flatmate makes a small room feel like home; the wrong one can make a beautiful flat unbearable. Most flatshare problems can be spotted before anyone moves in, if you know what to look for.

## Start with an honest profile

Say how you actually live: whether you work from home, what time you get up, how often friends come round and how tidy you really are. The people who reply to an accurate profile are far more likely to be a good match than the people who reply to a flattering one. A clear photo and a few lines about your job or studies help people trust you.

## Know your non-negotiables

Before you start messaging, decide what really matters to you. Smoking, pets, overnight guests and a quiet home on weeknights are the most common deal-breakers. Everything else is usually negotiable, so do not rule people out for liking different music.

## Questions to ask when you meet

Meet in person or on a video call before you commit, and ask practical questions. None of them has a right answer, but a mismatch is far easier to spot now than three months into a tenancy.

- What does a normal weekday look like for you, and when are you usually at home?
- How do you like to split shopping and household basics?
- What does a clean kitchen look like to you, and how should we share the cleaning?
- How often do friends or a partner stay over?
- Do you smoke or vape, or have pets?
- How long are you hoping to stay?
- What went well, and what did not, in your last flatshare?

## Talk about money early

Decide whether the rent is split equally or by room size, who the bills are registered to and how they are shared, and put it in writing, even if it is only a shared note. Make sure everyone is named on the tenancy where they should be, so no one person carries all the risk if someone leaves.

## Agree the house rules together

A short list agreed in the first week saves a lot of awkward conversations later: a cleaning rota, quiet hours, how guests work and what is shared in the fridge. Review it after a month and change what is not working.

## Do sensible checks

If you are taking on someone you do not know, it is reasonable to ask for a reference from a previous landlord or flatmate, and to check that the name they gave matches their profile. Keep your first conversations on RoomNest, where there is a record of what was said.

## Trust your instincts

If anything about a conversation feels rushed, or someone asks for money before you have seen the room, step back. The right flatmate will still be there after a second chat.`,
  },
  {
    id: 3,
    ...postMeta('landlord-essentials-property-prep'),
    date: '2025-05-20',
    author: 'Priya Raman',
    content: `Letting a room is straightforward once you know the rules, and the work you do before the first viewing pays for itself in fewer void weeks and fewer disputes. This guide covers the essentials for landlords in England; the rules in Scotland, Wales and Northern Ireland are similar but not identical.

## Get the safety certificates in order

- A gas safety certificate, renewed every year by a Gas Safe registered engineer.
- An Energy Performance Certificate (EPC) with a rating of at least E.
- An electrical installation condition report (EICR), renewed at least every five years.
- A working smoke alarm on every storey, and a carbon monoxide alarm in any room with a fixed combustion appliance, such as a gas boiler. Test them on the day the tenancy starts.

Give copies of the certificates to your tenants before they move in, together with the government’s How to Rent guide.

## Check whether you need a licence

If five or more people from two or more households will share the property, it is a house in multiple occupation (HMO) that needs a mandatory licence from the council. Many councils, including several East London boroughs such as Newham and Waltham Forest, also run licensing schemes that cover smaller shared houses or every private let. Check with your council before you advertise: letting without a required licence can lead to fines and orders to repay rent.

## Do the checks before move-in day

Before a tenancy starts you must check that each adult tenant has the right to rent in England, and keep a copy of the documents you saw or the result of the online check. If you take a deposit, protect it in a government-approved scheme within 30 days and give the tenant the prescribed information.

## Prepare the room

Tenants decide in the first thirty seconds of a viewing. Clean thoroughly, fix the small things (dripping taps, sticking doors, blown bulbs), and make sure the room has the basics a tenant expects:

- a good-quality bed and mattress, a wardrobe or rail, drawers and a desk;
- a lock on the bedroom door and enough sockets for a laptop and a phone;
- space in the kitchen cupboards and fridge that is clearly theirs.

## Write an advert that lets

Take bright photos in daylight and describe the room honestly: its size, what furniture is included, which bills are covered and who else lives there. Clear adverts attract the right enquiries and fill rooms faster; our advertiser tips cover this in more detail.

## Start the tenancy well

On moving day, walk round with your tenant and agree a dated inventory with photos, take meter readings, and give them your contact details for repairs and emergencies. A tenant who knows how to reach you, and sees problems fixed quickly, is far more likely to stay.`,
  },
];

export const findPost = (slug: string) => BLOG_POSTS.find((p) => p.slug === slug);

/** Minutes to read at about 220 words a minute. */
export const readingMinutes = (post: BlogPost) => Math.max(1, Math.round(post.content.split(/\s+/).length / 220));
