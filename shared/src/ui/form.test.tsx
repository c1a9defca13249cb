import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from '../schemas/zod.ts';
import { Alert } from './components.tsx';
import { applyServerErrors, Field, Options, useSubmitFailure, useZodForm } from './form.tsx';

afterEach(() => cleanup());

const schema = z.object({
  Name: z.string().min(1, 'Name is required.'),
  Email: z.string().email('Enter a valid email address.'),
});

/** What the server answered to the last submission. */
interface Verdict {
  fields?: Record<string, string>;
  failure?: string;
}

function TestForm({ verdict, reValidateMode }: { verdict: Verdict; reValidateMode?: 'onChange' | 'onSubmit' }) {
  const form = useZodForm(schema, { defaultValues: { Name: '', Email: '' }, ...(reValidateMode ? { reValidateMode } : {}) });
  const [failure, setFailure] = useSubmitFailure(form);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async () => {
    await Promise.resolve();
    applyServerErrors(form, verdict.fields ?? {});
    if (verdict.failure) setFailure(verdict.failure);
  });
  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <form onSubmit={onSubmit} noValidate aria-label="Test">
        <Field label="Name" error={errors.Name?.message}>
          {(ids) => <input {...ids} {...form.register('Name')} />}
        </Field>
        <Field label="Email" error={errors.Email?.message}>
          {(ids) => <input {...ids} {...form.register('Email')} />}
        </Field>
        <button type="submit">Send</button>
      </form>
    </>
  );
}

async function fillAndSubmit(verdict: Verdict, reValidateMode?: 'onChange' | 'onSubmit') {
  const user = userEvent.setup();
  render(<TestForm verdict={verdict} reValidateMode={reValidateMode} />);
  await user.type(screen.getByLabelText('Name'), 'Amelia');
  await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await act(async () => {});
  return user;
}

describe('the form pattern and what the server said', () => {
  it.each([undefined, 'onSubmit'] as const)("clears a field's server error when that field changes, and only then (reValidateMode %s)", async (mode) => {
    const user = await fillAndSubmit({ fields: { Email: 'An account with this email already exists.', Name: 'That name is taken.' } }, mode);
    expect(screen.getByText('An account with this email already exists.')).toBeTruthy();
    expect(screen.getByText('That name is taken.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('An account with this email already exists.')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
    // Another field's verdict stands until that field changes.
    expect(screen.getByText('That name is taken.')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(screen.queryByText('That name is taken.')).toBeNull();
  });

  it("keeps the schema's own errors: a changed field is checked again", async () => {
    const user = await fillAndSubmit({ fields: { Email: 'An account with this email already exists.' } });
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('An account with this email already exists.')).toBeNull();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
  });

  it('clears the failure sentence above the form when any field changes, and on the next submission', async () => {
    const user = await fillAndSubmit({ failure: 'Invalid email or password.' });
    expect(screen.getByRole('alert').textContent).toContain('Invalid email or password.');
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(screen.queryByText('Invalid email or password.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
  });
});

/** A select's options as [value, text]. */
const options = (name: string) => [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((o) => [o.value, o.text]);

describe('Options', () => {
  it('lists each choice as itself or with its label, after the empty choice when there is one', () => {
    render(
      <>
        <select aria-label="Type">
          <Options choices={['Single', 'Double']} empty="Any type" />
        </select>
        <select aria-label="Sort">
          <Options choices={[{ value: 'rent_asc', label: 'Rent: low to high' }]} />
        </select>
      </>,
    );
    expect(options('Type')).toEqual([
      ['', 'Any type'],
      ['Single', 'Single'],
      ['Double', 'Double'],
    ]);
    expect(options('Sort')).toEqual([['rent_asc', 'Rent: low to high']]);
  });
});
