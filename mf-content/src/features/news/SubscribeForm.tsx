import { NEWSLETTER_TEXTS, newsletterSubscribeSchema } from '@roomnest/shared';
import { errorMessage, errorStatus, serverFieldErrors } from '@roomnest/shared/client';
import { Button, Field, useZodForm } from '@roomnest/shared/ui';
import { useId, useState } from 'react';
import { useSubscribeMutation } from '../../api/content-api.ts';
import s from './subscribe-form.module.css';

/**
 * The server's sentence for a failed subscription, else the fallback. A 404
 * means this page is newer than the API it talks to (no such endpoint yet),
 * so its "No such endpoint" text is not for members.
 */
export function subscribeFailureMessage(error: unknown): string {
  return errorStatus(error) === 404 ? NEWSLETTER_TEXTS.failed : errorMessage(error, NEWSLETTER_TEXTS.failed);
}

type Outcome = { tone: 'success' | 'error'; message: string };

/** The newsletter sign-up: one email field, checked with the shared schema; the API emails a confirmation link. */
export function SubscribeForm() {
  const titleId = useId();
  const form = useZodForm(newsletterSubscribeSchema, { defaultValues: { Email: '' } });
  const { errors } = form.formState;
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await subscribe(values).unwrap();
      setOutcome({ tone: 'success', message: answer?.message?.trim() || NEWSLETTER_TEXTS.checkInbox });
      form.reset({ Email: '' });
    } catch (error) {
      const fieldError = serverFieldErrors(error).Email;
      if (fieldError) form.setError('Email', { type: 'server', message: fieldError });
      setOutcome({ tone: 'error', message: subscribeFailureMessage(error) });
    }
  });

  return (
    <section className={s.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.title}>
        Get RoomNest news by email
      </h2>
      <p className={s.text}>Product updates, rent trends and renting guides, about once a month. Unsubscribe at any time.</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Field label="Email address" error={errors.Email?.message}>
          {(ids) => <input {...ids} type="email" autoComplete="email" inputMode="email" {...form.register('Email')} />}
        </Field>
        <Button type="submit" block disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </form>
      <p role="status" className={outcome ? `${s.outcome} ${s[outcome.tone]}` : s.outcome}>
        {outcome?.message}
      </p>
    </section>
  );
}
