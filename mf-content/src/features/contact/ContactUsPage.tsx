import { CONTACT_TEXTS, contactFormSchema, ROUTES } from '@roomnest/shared';
import { notify } from '@roomnest/shared/client';
import { Button, Field, Page, PageHeader, usePageFocus, useZodForm } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { COMPANY, mailto } from '../pages/company.ts';
import s from './contact.module.css';

const EMPTY = { Name: '', Email: '', Subject: '', Message: '' };

/**
 * /contact-us: every field required (the shared schema), no network call
 * (docs/product.md, Screens: content): a valid form shows a thank-you toast and clears itself.
 */
export default function ContactUsPage() {
  const form = useZodForm(contactFormSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const headingRef = usePageFocus();

  const onSubmit = form.handleSubmit((values) => {
    notify.success(CONTACT_TEXTS.thanks(values.Name));
    form.reset(EMPTY);
  });

  return (
    <Page title="Contact us">
      <PageHeader headingRef={headingRef} title="Contact us" subtitle="Questions about an advert, your account or a payment? We are here to help." />
      <div className={s.layout}>
        <section className={s.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <p className={s.note}>All fields are required.</p>
          <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
            <div className={s.pair}>
              <Field label="Your name" error={errors.Name?.message}>
                {(ids) => <input {...ids} autoComplete="name" aria-required="true" {...form.register('Name')} />}
              </Field>
              <Field label="Email address" error={errors.Email?.message}>
                {(ids) => <input {...ids} type="email" autoComplete="email" inputMode="email" aria-required="true" {...form.register('Email')} />}
              </Field>
            </div>
            <Field label="Subject" error={errors.Subject?.message}>
              {(ids) => <input {...ids} aria-required="true" {...form.register('Subject')} />}
            </Field>
            <Field label="Message" error={errors.Message?.message} hint="If your question is about an advert, include a link to it.">
              {(ids) => <textarea {...ids} rows={6} aria-required="true" {...form.register('Message')} />}
            </Field>
            <Button type="submit">Send message</Button>
          </form>
        </section>

        <aside className={s.details} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Other ways to reach us</h2>
          <dl>
            <dt>Support</dt>
            <dd>
              <a href={mailto(COMPANY.emails.support)}>{COMPANY.emails.support}</a>
              <br />
              Monday to Friday, 9am to 5:30pm
            </dd>
            <dt>Report a scam or safety concern</dt>
            <dd>
              <a href={mailto(COMPANY.emails.safety)}>{COMPANY.emails.safety}</a>
              <br />
              Seven days a week
            </dd>
            <dt>Press</dt>
            <dd>
              <a href={mailto(COMPANY.emails.press)}>{COMPANY.emails.press}</a>
            </dd>
            <dt>Office</dt>
            <dd>
              <address>
                {COMPANY.addressLines.map((line) => (
                  <span key={line} className={s.line}>
                    {line}
                  </span>
                ))}
              </address>
              Visits by appointment only.
            </dd>
          </dl>

          <h3>How quickly we reply</h3>
          <ul className={s.times}>
            <li>
              <strong>Safety reports:</strong> within 24 hours, every day
            </li>
            <li>
              <strong>Account and listing questions:</strong> within two working days
            </li>
            <li>
              <strong>Premium and Professional members:</strong> within one working day
            </li>
            <li>
              <strong>Media enquiries:</strong> the same working day
            </li>
          </ul>
          <p className={s.more}>
            Many answers are already in our <Link to={ROUTES.faq}>frequently asked questions</Link>. If an advert looks suspicious, do
            not send any money; our <Link to={ROUTES.safety}>safety guide</Link> explains the warning signs.
          </p>
        </aside>
      </div>
    </Page>
  );
}
