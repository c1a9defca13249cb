import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar.tsx';

afterEach(() => cleanup());

describe('Avatar', () => {
  it('takes the initials of the first two words', () => {
    expect(initials('Amelia Clarke')).toBe('AC');
    expect(initials('  priya   de  souza ')).toBe('PD');
    expect(initials('Olu')).toBe('O');
    expect(initials('𝒜da Lovelace')).toBe('𝒜L');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
  it('is an image named after the person: the picture, or the initials without one', () => {
    const { rerender } = render(<Avatar src="/uploads/a.jpg" name="Amelia Clarke" size={56} />);
    expect(screen.getByRole('img', { name: 'Amelia Clarke' }).tagName).toBe('IMG');
    rerender(<Avatar src={null} name="Amelia Clarke" size={150} />);
    const disc = screen.getByRole('img', { name: 'Amelia Clarke' });
    expect(disc.textContent).toBe('AC');
    expect(disc.style.width).toBe('150px');
  });

  it('shows the initials when the picture fails to load', () => {
    render(<Avatar src="/uploads/gone.jpg" name="Tom Okafor" size={56} />);
    fireEvent.error(screen.getByRole('img', { name: 'Tom Okafor' }));
    expect(screen.getByRole('img', { name: 'Tom Okafor' }).textContent).toBe('TO');
  });

  it('is hidden from assistive technology when decorative (the name is written beside it)', () => {
    const { container } = render(
      <>
        <Avatar src="/uploads/a.jpg" name="Priya Sharma" size={48} decorative />
        <Avatar name="David Okafor" size={44} decorative />
      </>,
    );
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(container.querySelector('span[aria-hidden="true"]')?.textContent).toBe('DO');
  });
});
