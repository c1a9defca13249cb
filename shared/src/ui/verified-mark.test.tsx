import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VERIFY_TEXTS } from '../trust.ts';
import { VerifiedMark } from './verified-mark.tsx';

afterEach(() => cleanup());

describe('VerifiedMark', () => {
  it('says "Email verified" in words, with the tick hidden from screen readers and what it does not prove on hover', () => {
    render(<VerifiedMark verified />);
    const mark = screen.getByText(VERIFY_TEXTS.mark);
    expect(mark.textContent).toBe('Email verified');
    expect(mark.getAttribute('title')).toBe(VERIFY_TEXTS.markDescription);
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows nothing for a person who has not confirmed their address', () => {
    const { container } = render(<VerifiedMark verified={false} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByText(VERIFY_TEXTS.mark)).toBeNull();
  });

  it('keeps the class it is given beside its own', () => {
    render(<VerifiedMark verified className="extra" />);
    expect(screen.getByText(VERIFY_TEXTS.mark).className).toMatch(/extra/);
  });
});
