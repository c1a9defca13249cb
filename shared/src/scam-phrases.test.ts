import { describe, expect, it } from 'vitest';
import { asksForMoneyBeforeViewing, SCAM_RULES, scamRulesMatched } from './scam-phrases.ts';

/** Messages in the wording rental scams use, each with the rule it must meet. */
const SCAMS: Array<[string, string]> = [
  ['Hi, the room is yours. Please send the £450 deposit by bank transfer today to secure it, lots of people are interested.', 'A bank transfer or deposit asked for now'],
  ['You need to pay the deposit before the viewing, then I will give you the address.', 'Money before a viewing'],
  ['I can hold the room for you with a holding deposit of £200, no need to view it first, the photos are accurate.', 'Money before a viewing'],
  ['Transfer the first month’s rent before you view and the room is guaranteed.', 'Money before a viewing'],
  ['To arrange a viewing I need a refundable deposit of £100 first.', 'Money to arrange a viewing'],
  ['There is a £50 viewing fee, payable by bank transfer.', 'Money to arrange a viewing'],
  ['You can pay through Western Union to my agent in Madrid.', 'Payment by a money transfer service'],
  ['Send the money via MoneyGram and I will courier the keys.', 'Payment by a money transfer service'],
  ['I accept Amazon vouchers or iTunes cards for the deposit.', 'Payment in gift cards'],
  ['Could you buy Google Play cards for the first month and send me the codes?', 'Payment in gift cards'],
  ['Please pay with PayPal friends and family so there are no fees.', 'PayPal friends and family'],
  ['Paypal F&F only please, for the deposit.', 'PayPal friends and family'],
  ['I only accept the rent in Bitcoin, I will send you my wallet address.', 'Payment in cryptocurrency'],
  [
    'I am currently working abroad so I cannot show you the flat myself, but once you pay the first month’s rent I will post you the keys.',
    'A landlord abroad who cannot show the room',
  ],
  ['I’m overseas at the moment. The keys will be sent by DHL as soon as the payment has cleared.', 'A landlord abroad who cannot show the room'],
  ['You can rent it without seeing it, just pay the deposit and it’s yours.', 'Money before a viewing'],
];

/** Ordinary messages about rooms, deposits and money that must not be flagged. */
const ORDINARY = [
  'The deposit is five weeks’ rent, paid after the viewing and protected in a deposit scheme.',
  'Is the room still available? I’d love to arrange a viewing this weekend.',
  'I’m away on the bank holiday Monday, how about Tuesday evening?',
  'Rent is paid monthly by bank transfer, and the deposit goes into the DPS.',
  'Happy to show you round before you decide anything. No payment until you have seen it.',
  'Please don’t pay anything before the viewing, we can sort the deposit after you have seen the room.',
  'Can you send me a few more photos of the kitchen before the viewing?',
  'I’ll be abroad next month but my flatmate can show you round on Saturday.',
  'Bills are included in the rent. Council tax is about £90 a month split between us.',
  'Thanks for the viewing today! I would like to take the room, what happens next with the deposit?',
  'I work in fintech, mostly on crypto compliance, and I’m very tidy.',
  'Lovely to meet you. I got you a small gift for the flat.',
  'My keys are always on the hook by the door, we have a spare set too.',
  'You would pay the first month’s rent and the deposit when you sign the tenancy, after the viewing.',
  'The room is £750 a month. When would you like to come and see it?',
  'I have transferred the deposit as agreed after yesterday’s viewing, please confirm you received it.',
];

describe('asksForMoneyBeforeViewing', () => {
  it.each(SCAMS)('flags "%s"', (text, rule) => {
    expect(asksForMoneyBeforeViewing(text)).toBe(true);
    expect(scamRulesMatched(text).some((name) => name.startsWith(rule))).toBe(true);
  });

  it.each(ORDINARY)('leaves "%s" alone', (text) => {
    expect(scamRulesMatched(text)).toEqual([]);
    expect(asksForMoneyBeforeViewing(text)).toBe(false);
  });

  it('reads any case, curly or straight quotes and line breaks', () => {
    expect(asksForMoneyBeforeViewing('PLEASE PAY THE DEPOSIT\nBEFORE THE VIEWING')).toBe(true);
    expect(asksForMoneyBeforeViewing('western   UNION is fine')).toBe(true);
    expect(asksForMoneyBeforeViewing('I can’t show you the room as I’m abroad, but pay the deposit and I’ll courier the keys')).toBe(true);
  });

  it('keeps a sentence’s tie inside the sentence: a deposit in one and a viewing in another are not a request', () => {
    expect(asksForMoneyBeforeViewing('The deposit is £800. Before the viewing, please read the house rules.')).toBe(false);
  });

  it('has a realistic example for every rule', () => {
    const untested = SCAM_RULES.filter((rule) => !SCAMS.some(([, name]) => rule.name.startsWith(name))).map((rule) => rule.name);
    expect(untested).toEqual([]);
  });

  it('answers false for empty or plain text', () => {
    expect(asksForMoneyBeforeViewing('')).toBe(false);
    expect(asksForMoneyBeforeViewing('Hello!')).toBe(false);
  });
});
