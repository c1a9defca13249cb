/**
 * Scam warnings: whether a message asks for money before a viewing, the pattern of most rental scams (a room that
 * does not exist, a "landlord" abroad, keys by post, payment by a channel that cannot be traced or taken back).
 * The server reads every message with `asksForMoneyBeforeViewing` when it builds a Message (Message.SafetyWarning),
 * and the chat shows the receiver a banner linking to the safety page. Pure, so the server and the tests import it.
 *
 * The rules favour warning over silence on the channels no honest landlord asks for (Western Union, gift cards,
 * PayPal friends and family, crypto), and need a tie to "before a viewing", to "now" or to being away for the
 * common words (deposit, rent, bank transfer), so ordinary talk about a deposit paid after a viewing, rent by bank
 * transfer or a bank holiday is not flagged. A warning is advice to the reader, never a block: a false alarm costs
 * a banner, a missed scam costs about £1,400.
 *
 * Each text is read lower-cased, with curly quotes made straight and spaces collapsed; the rules that need a tie
 * within one sentence look inside one sentence at a time.
 */

export interface ScamRule {
  /** What the rule catches, in the words of the safety page. */
  name: string;
  /** True when the rule applies to the message (whole, normalised) or one sentence of it. */
  test: (text: string, sentences: readonly string[]) => boolean;
}

/** Words that mean money changing hands. */
const MONEY = String.raw`(?:pay|pays|paying|paid|payment|payments|deposit|deposits|money|rent|transfer|transferred|fee|fees|cash|£\s?\d|\d+\s?(?:pounds|gbp)|first month)`;
/** "before (the / a / you have) view(ed|ing)", "without seeing", "prior to a visit"… */
const BEFORE_VIEWING = String.raw`\b(?:before|prior to|ahead of|without)\s+(?:(?:a|an|the|any|you|we|i|have|having|you've|we've|i've|even|actually|properly|ever|first)\s+){0,3}(?:view|views|viewing|viewed|visit|visiting|seeing|see|seen|meet|meeting|look(?:ing)? round|come round)\b`;
/** "don't pay", "never send money", "no need to transfer", "no payment": advice against paying, not a request. */
const NEGATED_PAYMENT = String.raw`\b(?:don't|do not|never|no need to|not|won't|will not|shouldn't|should not|no)\s+(?:(?:ever|need to|have to|be asked to|asked to|any)\s+)?(?:pay|payment|send|transfer|money|deposit|deposits)\b`;
const URGENT = String.raw`\b(?:today|tonight|now|asap|immediately|right away|straight away|first|upfront|up front|in advance|beforehand|to secure|to reserve|to hold|to book|before someone else|before anyone else)\b`;
const AWAY = String.raw`\b(?:abroad|overseas|out of the country|outside the uk|out of the uk|working away|on a mission|on an oil rig|deployed)\b`;
const KEYS_SENT = String.raw`(?:\bkeys?\b[^.!?]{0,60}\b(?:by post|in the post|posted|post them|courier|couriered|dhl|fedex|ups|royal mail|airbnb|mailed|send (?:them|it) to you|sent to you|delivered to you)\b|\b(?:post|courier|dhl|fedex|send|mail)\s+(?:you\s+)?(?:the\s+)?keys?\b)`;
const CANNOT_SHOW = String.raw`\b(?:can ?not|can't|cannot|unable to|won't be able to|not able to)\s+(?:show you|do (?:a|any) viewings?|meet (?:you|in person)|be there)\b`;
const PAYMENT_VERB = String.raw`\b(?:pay|paying|payment|deposit|transfer|send (?:the |me )?(?:money|deposit|rent|£))`;

const re = (source: string) => new RegExp(source, 'i');
const any = (sentences: readonly string[], test: (s: string) => boolean) => sentences.some(test);

/** The rules, each documented by its name; the tests hold a realistic message for every one and ordinary ones for none. */
export const SCAM_RULES: readonly ScamRule[] = [
  {
    name: 'Payment by a money transfer service (Western Union, MoneyGram, Ria, WorldRemit)',
    test: (text) => re(String.raw`\b(?:western\s*union|money\s*gram|ria money transfer|worldremit|world remit)\b`).test(text),
  },
  {
    name: 'Payment in gift cards or vouchers (iTunes, Amazon, Google Play, Steam)',
    test: (text) =>
      re(String.raw`\b(?:gift\s*cards?|itunes\s*(?:cards?|vouchers?|codes?)|amazon\s*(?:gift\s*)?(?:cards?|vouchers?|codes?)|google\s*play\s*(?:cards?|vouchers?|codes?)|steam\s*(?:cards?|vouchers?|codes?)|(?:paysafe|pcs|ukash)\s*(?:cards?|vouchers?|codes?))\b`).test(
        text,
      ),
  },
  {
    name: 'PayPal friends and family (no buyer protection)',
    test: (text) => re(String.raw`\bpaypal\b[^.!?]{0,40}(?:friends?\s*(?:and|&|n|'n')\s*family|\bf\s*&\s*f\b|\bff\b|as a gift|personal payment)`).test(text),
  },
  {
    name: 'Payment in cryptocurrency',
    test: (_text, sentences) =>
      any(
        sentences,
        (s) =>
          re(String.raw`\b(?:bitcoin|btc|crypto|cryptocurrency|usdt|tether|ethereum|eth|litecoin)\b`).test(s) &&
          re(String.raw`\b(?:pay|paid|payment|send|transfer|deposit|rent|accept|wallet)\b`).test(s),
      ),
  },
  {
    name: 'Money before a viewing (pay, a deposit or rent before seeing the room, or without seeing it)',
    test: (_text, sentences) =>
      any(
        sentences,
        (s) =>
          !re(NEGATED_PAYMENT).test(s) &&
          (re(String.raw`${MONEY}[^.!?]{0,80}${BEFORE_VIEWING}`).test(s) ||
            re(String.raw`${MONEY}[^.!?]{0,80}\b(?:no need to|don't need to|do not need to|needn't|not necessary to)\s+(?:view|see|come)\b`).test(s)),
      ),
  },
  {
    name: 'Money to arrange a viewing (a viewing fee, a refundable deposit first)',
    test: (_text, sentences) =>
      any(
        sentences,
        (s) =>
          !re(NEGATED_PAYMENT).test(s) &&
          (re(String.raw`${MONEY}[^.!?]{0,60}\b(?:to|for|before we)\s+(?:arrange|book|confirm|schedule|set up|organise|organize)\s+(?:a |the |your )?(?:viewing|visit)\b`).test(s) ||
            re(String.raw`\bviewing fee\b`).test(s) ||
            (re(String.raw`\b(?:to|before (?:we|i) can)\s+(?:arrange|book|confirm|schedule)\s+(?:a |the |your )?(?:viewing|visit)\b`).test(s) &&
              re(MONEY).test(s) &&
              re(String.raw`\b(?:first|upfront|up front|in advance|beforehand)\b`).test(s))),
      ),
  },
  {
    name: 'A landlord abroad who cannot show the room, keys by post or courier',
    test: (text) => {
      const away = re(AWAY).test(text);
      const keysSent = re(KEYS_SENT).test(text);
      const cannotShow = re(CANNOT_SHOW).test(text);
      const payment = re(PAYMENT_VERB).test(text) && !re(NEGATED_PAYMENT).test(text);
      return (away && keysSent) || (keysSent && payment) || (cannotShow && payment && (away || keysSent)) || (away && cannotShow && payment);
    },
  },
  {
    name: 'A bank transfer or deposit asked for now, to secure the room',
    test: (_text, sentences) =>
      any(
        sentences,
        (s) =>
          !re(NEGATED_PAYMENT).test(s) &&
          (re(String.raw`\b(?:bank transfer|wire transfer|transfer (?:the |a |your )?(?:money|deposit|rent|holding deposit|first month|£)|send (?:me |us )?(?:the |a |your )?(?:money|deposit|holding deposit|rent|£|payment))`).test(s) ||
            re(String.raw`\b(?:holding deposit|deposit)\b[^.!?]{0,40}\b(?:now|today|immediately|asap|right away)\b`).test(s)) &&
          re(URGENT).test(s) &&
          !re(String.raw`\bafter (?:the |a |you've |you have |we've )?(?:viewing|view|seeing|visit|meeting|you (?:have )?seen)`).test(s),
      ),
  },
];

/** Lower case, straight quotes, one space: what the rules read. */
export function normaliseForScamCheck(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The sentences of a text: split after a full stop, question or exclamation mark, or at a blank line (one line
 * break is a wrapped line). A full stop in "£1.50" or "e.g." splits harmlessly: rules read 80 characters at most.
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n\s*\n/)
    .map((s) => s.replace(/\s+/g, ' '))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The rules a text breaks, by name (the tests and the docs read them; the product needs only the yes or no). */
export function scamRulesMatched(text: string): string[] {
  const normal = normaliseForScamCheck(text);
  const sentences = sentencesOf(text.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'"));
  return SCAM_RULES.filter((rule) => rule.test(normal, sentences)).map((rule) => rule.name);
}

/** Whether a message asks for money before a viewing, or by a channel a rental scam uses: Message.SafetyWarning. */
export function asksForMoneyBeforeViewing(text: string): boolean {
  return scamRulesMatched(text).length > 0;
}
