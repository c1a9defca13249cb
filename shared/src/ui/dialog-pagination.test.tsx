import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Pagination, pageWindow } from './pagination.tsx';

afterEach(() => cleanup());

describe('pagination', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('links every page and marks the current one', () => {
    render(
      <MemoryRouter>
        <Pagination page={2} totalPages={3} hrefFor={(p) => `/rooms?page=${p}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/rooms?page=1');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/rooms?page=3');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });
});

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} title="Delete this?" confirmLabel="Delete it" onConfirm={onConfirm} onCancel={() => setOpen(false)}>
        <p>It cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

describe('confirm dialog', () => {
  it('opens as a modal named by its title, starts on Cancel and gives focus back when closed with Escape', () => {
    const onConfirm = vi.fn<() => void>();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete this?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms', () => {
    const onConfirm = vi.fn<() => void>();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
