import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField, Field, SelectField, TextareaField, TextField } from './Field';

afterEach(cleanup);

/** The texts an element's aria-describedby points at, in order. */
function description(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`);
}

describe('the field primitives', () => {
  it('label a text input and describe it by its hint and error, marking it invalid', () => {
    render(<TextField id="email" label="E-mail" type="email" help="We never share it." error="Enter an e-mail." />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toBe('form-control is-invalid');
    expect(description(input)).toEqual(['We never share it.', 'Enter an e-mail.']);
    expect(screen.getByText('Enter an e-mail.').className).toBe('invalid-feedback d-block');
  });

  it('say an error that repeats the hint once, turning the hint red, and still mark the control invalid', () => {
    const hint = 'Pin code must be 6 digits';
    render(<TextField id="pin" label="Pin code" help={hint} error={hint} />);
    const input = screen.getByRole('textbox', { name: 'Pin code' });
    expect(screen.getAllByText(hint)).toHaveLength(1);
    expect(description(input)).toEqual([hint]);
    expect(screen.getByText(hint).className).toBe('form-text text-danger');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toBe('form-control is-invalid');
  });

  it('leave a valid control unmarked and undescribed', () => {
    render(<TextField id="name" label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.className).toBe('form-control');
  });

  it('label a textarea, a select and a checkbox the same way', () => {
    render(
      <>
        <TextareaField id="note" label="Note" error="Too long." />
        <SelectField
          id="state"
          label="State"
          help="Where it is delivered."
          options={[
            { value: 'KA', label: 'Karnataka' },
            { value: 'KL', label: 'Kerala' },
          ]}
        />
        <CheckboxField id="terms" label="I agree" error="Please agree." />
      </>,
    );
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(description(note)).toEqual(['Too long.']);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state.className).toBe('form-select');
    expect(description(state)).toEqual(['Where it is delivered.']);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Karnataka', 'Kerala']);
    const terms = screen.getByRole('checkbox', { name: 'I agree' });
    expect(terms.className).toBe('form-check-input is-invalid');
    expect(description(terms)).toEqual(['Please agree.']);
  });

  it("take react-hook-form's register, so typing reaches the form", async () => {
    let read: () => unknown = () => undefined;
    function Probe() {
      const { register, getValues } = useForm({ defaultValues: { city: '', gift: false, size: 's' } });
      read = getValues;
      return (
        <>
          <TextField id="city" label="City" {...register('city')} />
          <CheckboxField id="gift" label="A gift" {...register('gift')} />
          <SelectField
            id="size"
            label="Size"
            options={[
              { value: 's', label: 'S' },
              { value: 'm', label: 'M' },
            ]}
            {...register('size')}
          />
        </>
      );
    }
    render(<Probe />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Pune');
    await user.click(screen.getByRole('checkbox', { name: 'A gift' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'm');
    expect(read()).toEqual({ city: 'Pune', gift: true, size: 'm' });
  });

  it('name a group of controls by a legend', () => {
    render(
      <Field id="sizes" label="Sizes" group error="Choose one.">
        <input type="checkbox" aria-label="S" />
      </Field>,
    );
    expect(screen.getByRole('group', { name: 'Sizes' })).toBeTruthy();
    expect(screen.getByText('Choose one.').id).toBe('sizes-error');
  });
});
