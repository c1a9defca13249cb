import { LISTING_ACTIVE_DAYS } from '@roomnest/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';

describe('FAQ', () => {
  it('groups the questions: accounts, searching, listing, plans and payments, safety', async () => {
    await renderContent('/faq');
    const groups = ['Your account', 'Searching for a room or flatmate', 'Listing a room', 'Plans and payments', 'Safety and trust'];
    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(contents.getAllByRole('link').map((link) => link.textContent)).toEqual(groups);
    for (const group of groups) expect(within(screen.getByRole('region', { name: group })).getAllByRole('button').length).toBeGreaterThanOrEqual(3);
  });

  it('is an accordion: a question is a button in a heading that shows and hides its answer', async () => {
    await renderContent('/faq');
    const question = screen.getByRole('button', { name: 'How long does my listing stay active?' });
    expect(question.parentElement?.tagName).toBe('H3');
    expect(question.getAttribute('aria-expanded')).toBe('false');
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer?.hidden).toBe(true);
    expect(answer?.textContent).toContain(`Standard listings stay active for ${LISTING_ACTIVE_DAYS} days.`);

    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer?.hidden).toBe(false);
    await userEvent.click(question);
    expect(answer?.hidden).toBe(true);
  });

  it('opens with the keyboard and can show every answer at once', async () => {
    await renderContent('/faq');
    const question = screen.getByRole('button', { name: 'Is it free to search?' });
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Show all answers' }));
    const questions = screen.getAllByRole('button', { expanded: true });
    expect(questions.length).toBeGreaterThanOrEqual(18);
    expect(screen.queryAllByRole('button', { expanded: false })).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Hide all answers' }));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });
});
