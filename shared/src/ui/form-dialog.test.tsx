import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from './field.tsx';
import { FormDialog } from './form-dialog.tsx';
import { RadioChoices } from './radio-choices.tsx';

afterEach(() => cleanup());

function Harness({ onSubmit, busy = false, failure }: { onSubmit: (name: string, often: string) => void; busy?: boolean; failure?: string }) {
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    onSubmit(String(data.get('name')), String(data.get('often')));
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Save
      </button>
      <FormDialog open={open} title="Save this search" intro={<p>Rooms in Leeds</p>} failure={failure} submitLabel="Save search" busy={busy} busyLabel="Saving…" onSubmit={submit} onCancel={() => setOpen(false)}>
        <Field label="Name">{(ids) => <input {...ids} name="name" defaultValue="Leeds" />}</Field>
        <RadioChoices
          legend="Email me"
          choices={[
            { value: 'instant', label: 'Instant', hint: 'At once' },
            { value: 'off', label: 'Off' },
          ]}
          inputProps={{ name: 'often', defaultChecked: false }}
        />
      </FormDialog>
    </>
  );
}

describe('form dialog', () => {
  it('opens as a modal named by its title with focus on the first field, and gives focus back when cancelled with Escape', () => {
    const onSubmit = vi.fn<(name: string, often: string) => void>();
    render(<Harness onSubmit={onSubmit} />);
    const opener = screen.getByRole('button', { name: 'Save' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('dialog', { name: 'Save this search' });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is a real form: submitting sends its fields, the radio choices among them with their sentences tied on', () => {
    const onSubmit = vi.fn<(name: string, often: string) => void>();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const instant = screen.getByRole('radio', { name: 'Instant At once' }) as HTMLInputElement;
    expect(instant.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Email me' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Off' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Save this search' }));
    expect(onSubmit).toHaveBeenCalledWith('Leeds', 'off');
  });

  it('while busy: the buttons are disabled, the submit says so, and Escape does nothing; a failure is announced', () => {
    render(<Harness onSubmit={() => undefined} busy failure="You can save at most 20 searches." />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('You can save at most 20 searches.');
  });
});
