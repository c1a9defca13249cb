import { formatDate, SNIPPET_LENGTH, snippet, type FlatmateCard } from '@roomnest/shared';
import { Avatar, VerifiedMark } from '@roomnest/shared/ui';
import { useId, type ReactNode } from 'react';
import { budgetText, splitLocations } from './card-text.ts';
import s from './flatmate-card.module.css';

/** The card's picture size: small, beside the name, so a phone shows more than one card at a time (the 150px preview is the profile editor's). */
export const CARD_AVATAR_PX = 56;

export interface FlatmateCardViewProps {
  card: FlatmateCard;
  /** The card's footer: the Message button, or a note for the card's owner. */
  action?: ReactNode;
  /** Heading level of the name: 3 in a list of results, 2 on its own. */
  headingLevel?: 2 | 3;
}

/**
 * One flatmate seeker (docs/product.md, Data: flatmate card), compact: the picture beside the name, budget and
 * move-in date; preferred locations as chips; the 100-character snippets of the bio and of what they
 * are looking for, each kept to two lines on the card (the whole snippet stays in the text).
 */
export function FlatmateCardView({ card, action, headingLevel = 3 }: FlatmateCardViewProps) {
  const nameId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const places = splitLocations(card.PreferredLocations);
  const budget = budgetText(card.BudgetMin, card.BudgetMax);
  const moveIn = formatDate(card.FlatmateMoveInDate);
  const bio = snippet(card.Bio, SNIPPET_LENGTH.flatmateBio);
  const lookingFor = snippet(card.LookingForDescription, SNIPPET_LENGTH.flatmateLookingFor);
  return (
    <article className={s.card} aria-labelledby={nameId}>
      <div className={s.identity}>
        <Avatar src={card.ProfilePictureURL} name={card.Name} size={CARD_AVATAR_PX} tone="byName" className={s.avatar} />
        <div className={s.who}>
          <div className={s.nameRow}>
            <Heading id={nameId} className={s.name}>
              {card.Name}
            </Heading>
            <VerifiedMark verified={card.EmailVerified} className={s.mark} />
          </div>
          <p className={s.budget}>{budget ? <strong>{budget}</strong> : <span className={s.muted}>Budget not given</span>}</p>
          <p className={s.moveIn}>
            <span className={s.label}>Move-in date</span> {moveIn || <span className={s.muted}>Flexible</span>}
          </p>
        </div>
      </div>

      <div className={s.body}>
        <dl className={s.facts}>
          <div className={s.fact}>
            <dt>Locations</dt>
            <dd>
              {places.length ? (
                <ul className={s.chips} aria-label="Preferred locations">
                  {places.map((p) => (
                    <li key={p} className={s.chip}>
                      {p}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={s.muted}>Open to anywhere</span>
              )}
            </dd>
          </div>
          <div className={s.text}>
            <dt>About</dt>
            <dd>{bio || <span className={s.muted}>No bio yet.</span>}</dd>
          </div>
          <div className={s.text}>
            <dt>Looking for</dt>
            <dd>{lookingFor || <span className={s.muted}>Not described yet.</span>}</dd>
          </div>
        </dl>
        {action ? <div className={s.footer}>{action}</div> : null}
      </div>
    </article>
  );
}
