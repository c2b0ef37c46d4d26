import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { useZodForm } from './useZodForm';

afterEach(() => {
  cleanup();
});

/** A body as an API takes it: a price and the stock of each size. */
const Body = z
  .strictObject({
    price: z.number({ error: 'Enter the price.' }).min(1),
    sizes: z.array(z.strictObject({ size_id: z.number(), stock: z.number().min(0, 'Stock cannot be negative.') })),
  })
  .refine((body) => body.sizes.length > 0, 'Give at least one size some stock.');
type Body = z.output<typeof Body>;

/** What the inputs hold: text, one stock cell per size keyed `s<size_id>`. */
interface Fields {
  price: string;
  stock: Record<string, string>;
}

const toBody = (fields: Fields) => ({
  price: fields.price === '' ? undefined : Number(fields.price),
  sizes: Object.entries(fields.stock)
    .filter(([, cell]) => cell !== '')
    .map(([key, cell]) => ({ size_id: Number(key.slice(1)), stock: Number(cell) })),
});

/** Renders a form over `Body` from `defaults`, subscribed to its errors as a component showing them would be. */
function renderBodyForm(defaults: Fields) {
  return renderHook(() => {
    // The body's sizes are the filled cells in order: "sizes.1.stock" is the second filled cell.
    const fieldOf = (path: string): string => {
      const cell = /^sizes\.(\d+)\.stock$/.exec(path);
      const key = cell && toBody(form.getValues()).sizes[Number(cell[1])]?.size_id;
      return key ? `stock.s${key}` : path;
    };
    const form = useZodForm(Body, { toBody, fieldOf, defaultValues: defaults });
    return { form, errors: form.formState.errors };
  });
}

describe('useZodForm', () => {
  it('checks a plain form by its schema: inputs are its input, the submit handler gets its output', async () => {
    const Login = z.object({ email: z.email('Enter an e-mail address.'), remember: z.stringbool() });
    const { result } = renderHook(() => {
      const form = useZodForm(Login, { defaultValues: { email: 'asha', remember: 'yes' } });
      return { form, errors: form.formState.errors };
    });
    expectTypeOf(result.current.form.getValues()).toEqualTypeOf<z.input<typeof Login>>();

    const submitted: z.output<typeof Login>[] = [];
    await act(() => result.current.form.handleSubmit((values) => void submitted.push(values))());
    expect(result.current.errors.email?.message).toBe('Enter an e-mail address.');
    expect(submitted).toEqual([]);

    act(() => result.current.form.setValue('email', 'asha@example.in'));
    await act(() => result.current.form.handleSubmit((values) => void submitted.push(values))());
    expect(submitted).toEqual([{ email: 'asha@example.in', remember: true }]);
  });

  it('checks the body that `toBody` makes of the inputs, and puts each problem on the field `fieldOf` names', async () => {
    const { result } = renderBodyForm({ price: '', stock: { s1: '4', s2: '', s3: '-1' } });
    expectTypeOf(result.current.form.getValues()).toEqualTypeOf<Fields>();

    const submitted: Body[] = [];
    await act(() => result.current.form.handleSubmit((body) => void submitted.push(body))());
    expect(result.current.errors.price?.message).toBe('Enter the price.');
    expect(result.current.errors.stock?.s3?.message).toBe('Stock cannot be negative.');
    expect(result.current.errors.stock?.s1).toBeUndefined();
    expect(submitted).toEqual([]);

    act(() => {
      result.current.form.setValue('price', '499');
      result.current.form.setValue('stock.s3', '2');
    });
    await act(() => result.current.form.handleSubmit((body) => void submitted.push(body))());
    expect(submitted).toEqual([
      {
        price: 499,
        sizes: [
          { size_id: 1, stock: 4 },
          { size_id: 3, stock: 2 },
        ],
      },
    ]);
  });

  it('shows a problem of the whole body, which no field names, as the form’s', async () => {
    const { result } = renderBodyForm({ price: '499', stock: { s1: '' } });
    await act(() => result.current.form.handleSubmit(() => {})());
    expect(result.current.errors.root?.form?.message).toBe('Give at least one size some stock.');
  });
});
