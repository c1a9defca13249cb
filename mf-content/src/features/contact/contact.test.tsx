import { CONTACT_TEXTS, TEXTS } from '@roomnest/shared';
import { stubFetch } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';

afterEach(() => vi.unstubAllGlobals());

const form = () => within(screen.getByRole('form', { name: 'Send us a message' }));
const field = (label: string) => form().getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

describe('Contact us', () => {
  it('has name, email (type email), subject and message, all required', async () => {
    await renderContent('/contact-us');
    expect(field('Email address').getAttribute('type')).toBe('email');
    expect(field('Message').tagName).toBe('TEXTAREA');
    for (const label of ['Your name', 'Email address', 'Subject', 'Message']) expect(field(label).getAttribute('aria-required')).toBe('true');
  });

  it('shows every missing field and sends nothing', async () => {
    const net = stubFetch(() => undefined);
    await renderContent('/contact-us');
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    expect(await form().findByText(CONTACT_TEXTS.nameRequired)).toBeTruthy();
    expect(form().getByText(TEXTS.emailRequired)).toBeTruthy();
    expect(form().getByText(CONTACT_TEXTS.subjectRequired)).toBeTruthy();
    expect(form().getByText(CONTACT_TEXTS.messageRequired)).toBeTruthy();
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(net.calls).toHaveLength(0);
  });

  it('rejects an invalid email', async () => {
    await renderContent('/contact-us');
    await userEvent.type(field('Your name'), 'Priya Shah');
    await userEvent.type(field('Email address'), 'priya@');
    await userEvent.type(field('Subject'), 'Deposit');
    await userEvent.type(field('Message'), 'Hello');
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    expect(await form().findByText(TEXTS.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(CONTACT_TEXTS.thanks('Priya Shah'))).toBeNull();
  });

  it('thanks the sender with a toast and clears the form, without any network call', async () => {
    const net = stubFetch(() => undefined);
    await renderContent('/contact-us');
    await userEvent.type(field('Your name'), 'Priya Shah');
    await userEvent.type(field('Email address'), 'priya@example.co.uk');
    await userEvent.type(field('Subject'), 'Question about my advert');
    await userEvent.type(field('Message'), 'How do I renew my listing?');
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_TEXTS.thanks('Priya Shah'))).toBeTruthy();
    for (const label of ['Your name', 'Email address', 'Subject', 'Message']) expect(field(label).value).toBe('');
    expect(net.calls).toHaveLength(0);
  });

  it('gives the support email, the London office and response times', async () => {
    await renderContent('/contact-us');
    const details = within(screen.getByRole('complementary', { name: 'Other ways to reach us' }));
    expect(details.getByRole('link', { name: 'support@roomnest.co.uk' }).getAttribute('href')).toBe('mailto:support@roomnest.co.uk');
    expect(details.getByText('London E1 6NF')).toBeTruthy();
    expect(details.getByRole('heading', { name: 'How quickly we reply' })).toBeTruthy();
    expect(details.getByText(/within two working days/)).toBeTruthy();
  });
});
