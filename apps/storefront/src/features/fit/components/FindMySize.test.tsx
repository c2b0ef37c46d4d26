import type { SizeAdviceAnswer } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetIdentity, rememberGuest, rememberUser } from '#storefront/lib/session.ts';
import { type FakeAnswer, json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { monthsSince } from './SizeAdvicePanel';

/** The jhabla's three sizes (0-3M sold out), with a chart, as product_detail answers it. */
const row = (size_id: number, size: string, ages: [number, number], heights: [number, number]) => ({
  size_id,
  size,
  age_min_months: ages[0],
  age_max_months: ages[1],
  height_min_cm: heights[0],
  height_max_cm: heights[1],
  weight_min_kg: 3,
  weight_max_kg: 9,
  chest_cm: 44,
  length_cm: 38,
});
const withChart = {
  ...jhablaDetail,
  products: {
    ...jhablaDetail.products,
    size_chart: {
      rows: [row(1, '0-3M', [0, 3], [50, 61]), row(2, '3-6M', [3, 6], [61, 67]), row(3, '6-12M', [6, 12], [68, 76])],
    },
  },
};

const sixToTwelve: SizeAdviceAnswer = {
  success: true,
  outcome: 'size',
  size_id: 3,
  size_name: '6-12M',
  confidence: 'high',
  reason: "Height 74 cm is in 6-12M's range.",
  alternatives: [
    { size_id: 2, size_name: '3-6M', reason: 'The smaller of the two sizes: a closer fit now, outgrown sooner' },
  ],
  measure: 'height',
  sold_out: false,
  advice_id: 41,
};

function callsTo(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** Opens "Find my size" and answers its form once its script has loaded. */
async function openForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByText('Find my size', { selector: 'summary' }));
  const form = await screen.findByRole('form', { name: 'Find my size' });
  return {
    form,
    age: within(form).getByLabelText('Age in months'),
    height: within(form).getByLabelText('Height (cm)'),
    weight: within(form).getByLabelText('Weight (kg)'),
    submit: within(form).getByRole('button', { name: 'Suggest a size' }),
  };
}

describe('Find my size on the product page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => forgetIdentity());

  it('is offered only with a size chart, its form loaded when it opens', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    renderRoute('/product-detail/11');
    await screen.findByRole('tab', { name: 'Product Detail' });
    expect(screen.queryByText('Find my size')).toBeNull();
  });

  it('sends a line pointing to the chart for a page without scripts, the form replacing it once opened', async () => {
    stubApi({ category_list: categoryList, product_detail: withChart });
    const { user } = renderRoute('/product-detail/11');
    const details = (await screen.findByText('Find my size', { selector: 'summary' })).closest('details');
    if (!details) throw new Error('no details');
    expect(details).toHaveTextContent(/This needs JavaScript; the size chart below/);
    await openForm(user);
    expect(details).not.toHaveTextContent(/This needs JavaScript/);
  });

  it("shows the shop's refusals beside each field, and sends nothing it was not given", async () => {
    const nothing = ["Give the child's age, height or weight."];
    const api = stubApi({
      category_list: categoryList,
      product_detail: withChart,
      size_advice: (body) =>
        json(400, {
          success: false,
          code: 'INVALID_DATA',
          message: 'Please check the highlighted fields.',
          errors:
            body.height_cm === undefined
              ? { age_months: nothing, height_cm: nothing, weight_kg: nothing }
              : { height_cm: ['At least 40 cm.'] },
        }),
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, age, height, weight, submit } = await openForm(user);
    await user.click(submit);
    for (const field of [age, height, weight]) expect(field).toHaveAccessibleDescription(nothing[0]);
    expect(callsTo(api, 'size_advice')).toEqual([{ product_id: 11 }]);

    await user.type(height, '30');
    await user.click(submit);
    expect(await within(form).findByText('At least 40 cm.')).toBeInTheDocument();
    expect(height).toHaveAccessibleDescription('At least 40 cm.');
    expect(height).toHaveAttribute('aria-invalid', 'true');
    expect(age).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'size_advice')[1]).toEqual({ product_id: 11, height_cm: 30 });
  });

  it('shows the size, its confidence, reason and alternatives, preselects it, and adds it to the cart with its advice', async () => {
    rememberGuest(42);
    const api = stubApi({
      category_list: categoryList,
      product_detail: withChart,
      cart_list: { success: true, product: [], total_items: 0, total_amount: 0 },
      size_advice: sixToTwelve,
      add_cart: { success: true, message: 'Product added to cart successfully.' },
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, height, submit } = await openForm(user);
    expect(screen.getByRole('button', { name: '6-12M' })).toHaveAttribute('aria-pressed', 'false');
    await user.type(height, '74');
    await user.click(submit);

    const answer = await within(form).findByRole('region', { name: 'Our suggestion' });
    expect(answer).toHaveTextContent('Our suggestion: 6-12M · High confidence');
    expect(answer).toHaveTextContent("Height 74 cm is in 6-12M's range.");
    expect(answer).toHaveTextContent('3-6M: The smaller of the two sizes: a closer fit now, outgrown sooner');
    expect(screen.getByRole('button', { name: '6-12M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Size: 6-12M')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(callsTo(api, 'add_cart')).toEqual([{ guest_id: 42, product_id: 11, size: 3, quantity: 1, advice_id: 41 }]);

    // Another size chosen by hand is not the one suggested: it goes without the advice.
    await user.click(screen.getByRole('button', { name: '3-6M' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findAllByRole('dialog', { name: 'Success' });
    expect(callsTo(api, 'add_cart')[1]).toEqual({ guest_id: 42, product_id: 11, size: 2, quantity: 1 });
  });

  it('carries the advice when a visitor adds the size by starting as a guest', async () => {
    const api = stubApi({
      category_list: categoryList,
      product_detail: withChart,
      cart_list: { success: true, product: [], total_items: 1, total_amount: 0 },
      size_advice: sixToTwelve,
      get_guest_id: { success: true, guest_id: 42, message: 'You are logged in as a Guest.' },
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, height, submit } = await openForm(user);
    await user.type(height, '74');
    await user.click(submit);
    await within(form).findByRole('region', { name: 'Our suggestion' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login or continue as a Guest' });
    await user.click(within(dialog).getByRole('button', { name: 'Proceed as Guest' }));
    expect(await screen.findByText('You are logged in as a Guest.')).toBeInTheDocument();
    expect(callsTo(api, 'get_guest_id')).toEqual([{ product_id: 11, size: 3, quantity: 1, advice_id: 41 }]);
  });

  it("opens a sold-out size's Notify me when that is the size suggested, and says why there is none out of the chart", async () => {
    let asked = 0;
    stubApi({
      category_list: categoryList,
      product_detail: withChart,
      size_advice: () => {
        asked += 1;
        if (asked === 1) {
          const reason =
            "Age 2 months is in 0-3M's range. 0-3M is sold out now: choose Notify me to hear when it is back.";
          return {
            ...sixToTwelve,
            size_id: 1,
            size_name: '0-3M',
            confidence: 'low',
            reason,
            sold_out: true,
            alternatives: [],
          };
        }
        const reason =
          'Height 45 cm is below this chart: its smallest size, 0-3M, starts at 50 cm, so we would rather not guess a size.';
        return {
          ...sixToTwelve,
          outcome: 'out_of_chart',
          size_id: null,
          size_name: null,
          confidence: null,
          reason,
          alternatives: [],
          advice_id: null,
        };
      },
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, age, height, submit } = await openForm(user);
    await user.type(age, '2');
    await user.click(submit);
    expect(await screen.findByRole('form', { name: 'Notify me: 0-3M' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me when 0-3M is back' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(form).getByRole('region', { name: 'Our suggestion' })).toHaveTextContent('choose Notify me');

    await user.clear(age);
    await user.type(height, '45');
    await user.click(submit);
    expect(await within(form).findByText('We cannot suggest a size for this product.')).toBeInTheDocument();
    expect(within(form).getByText(/so we would rather not guess a size/)).toBeInTheDocument();
  });

  it("offers a signed-in parent's children, each filling the age", async () => {
    rememberUser({ id: 7, name: 'Meera' });
    const api = stubApi({
      category_list: categoryList,
      product_detail: withChart,
      cart_list: { success: true, product: [], total_items: 0, total_amount: 0 },
      child_profiles: {
        success: true,
        children: [
          { id: 1, first_name: 'Anu', birth_month: '2025-09', age_months: 14 },
          { id: 2, first_name: null, birth_month: '2026-09', age_months: 2 },
        ],
      },
      size_advice: sixToTwelve,
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, age, submit } = await openForm(user);
    await user.click(await within(form).findByRole('button', { name: 'For Anu (14 months)' }));
    expect(age).toHaveValue(14);
    await user.click(within(form).getByRole('button', { name: 'For my child (2 months)' }));
    expect(age).toHaveValue(2);
    await user.click(submit);
    await within(form).findByRole('region', { name: 'Our suggestion' });
    // The first child's size was asked for by the page itself; the form's answer is the second.
    expect(callsTo(api, 'size_advice')).toEqual([
      { product_id: 11, age_months: 14 },
      { product_id: 11, age_months: 2 },
    ]);
  });
});

describe("A signed-in parent's child's size, chosen on the product page", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => forgetIdentity());

  const anu = { id: 1, first_name: 'Anu', birth_month: '2025-09', age_months: 14 };
  const parentsShop = (answers: Record<string, FakeAnswer>) =>
    stubApi({
      category_list: categoryList,
      product_detail: withChart,
      cart_list: { success: true, product: [], total_items: 0, total_amount: 0 },
      child_profiles: {
        success: true,
        children: [anu, { id: 2, first_name: null, birth_month: '2026-09', age_months: 2 }],
      },
      ...answers,
    });

  it('chooses the size advised for the first child, says for whom, and adds it with the advice', async () => {
    rememberUser({ id: 7, name: 'Meera' });
    const api = parentsShop({
      size_advice: sixToTwelve,
      add_cart: { success: true, message: 'Product added to cart successfully.' },
    });
    const { user } = renderRoute('/product-detail/11');
    expect(await screen.findByText(/^Chosen for Anu \(14 months\): 6-12M/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '6-12M' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(api, 'size_advice')).toEqual([{ product_id: 11, age_months: 14 }]);
    // "change" takes the shopper to the sizes.
    await user.click(screen.getByRole('button', { name: 'change' }));
    expect(screen.getByRole('button', { name: '6-12M' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(callsTo(api, 'add_cart')).toEqual([{ user_id: 7, product_id: 11, size: 3, quantity: 1, advice_id: 41 }]);

    // Another size chosen by hand drops the line.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '3-6M' }));
    expect(screen.queryByText(/^Chosen for/)).toBeNull();
  });

  it('never chooses over a size the shopper chose before the advice came', async () => {
    rememberUser({ id: 7, name: 'Meera' });
    let answer: (advice: SizeAdviceAnswer) => void = () => {};
    const api = parentsShop({ size_advice: () => new Promise<SizeAdviceAnswer>((resolve) => (answer = resolve)) });
    const { user } = renderRoute('/product-detail/11');
    await screen.findByRole('button', { name: '3-6M' });
    await vi.waitFor(() => expect(callsTo(api, 'size_advice')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '3-6M' }));
    answer(sixToTwelve);
    // The child's size is said beside the shopper's choice, not chosen over it.
    expect(await screen.findByText('Suggested for Anu (14 months): 6-12M')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3-6M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/^Chosen for/)).toBeNull();
  });

  it('does not choose a sold-out size: its Notify me opens instead', async () => {
    rememberUser({ id: 7, name: 'Meera' });
    const soldOut = {
      ...sixToTwelve,
      size_id: 1,
      size_name: '0-3M',
      sold_out: true,
      reason: "Age 2 months is in 0-3M's range. 0-3M is sold out now: choose Notify me to hear when it is back.",
    };
    parentsShop({ size_advice: soldOut });
    renderRoute('/product-detail/11');
    expect(await screen.findByRole('form', { name: 'Notify me: 0-3M' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3-6M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/^Chosen for/)).toBeNull();
  });

  it('asks nothing for a guest, nor for a parent without children (or without the consent)', async () => {
    rememberGuest(42);
    const api = parentsShop({ size_advice: sixToTwelve });
    renderRoute('/product-detail/11');
    await screen.findByRole('button', { name: '3-6M' });
    await screen.findByText('Find my size', { selector: 'summary' });
    expect(callsTo(api, 'child_profiles')).toEqual([]);
    expect(callsTo(api, 'size_advice')).toEqual([]);
  });
});

describe('monthsSince', () => {
  it('counts whole months from a birth month to this month', () => {
    const today = new Date(2026, 10, 28);
    expect(monthsSince('2026-11', today)).toBe(0);
    expect(monthsSince('2025-09', today)).toBe(14);
    expect(monthsSince('2014-11', today)).toBe(144);
    expect(monthsSince('', today)).toBeNull();
  });
});
