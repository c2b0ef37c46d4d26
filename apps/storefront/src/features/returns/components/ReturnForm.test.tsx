import type { ReturnDetail } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeUser } from '#storefront/test/shopping.ts';
import { deliveredOrder, exchangeShipped, kurtaDetail } from './returnTestData';

function sentBodies(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

const requested: ReturnDetail = {
  ...exchangeShipped,
  status: 'requested',
  decision_message: null,
  exchange_shipment: null,
  history: [{ status: 'requested', note: null, at: '2026-11-27T09:00:00.000Z' }],
};

/** The shop's answers for the form: the delivered order, the kurta set's sizes, the romper no longer sold. */
function formApi(extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    category_list: categoryList,
    order_details: { success: true, data: deliveredOrder },
    product_detail: (body) =>
      body.product_id === 7 ? kurtaDetail() : json(404, { success: false, message: 'Product not found.' }),
    return_details: { success: true, data: requested },
    ...extra,
  });
}

const kurta = () => screen.findByRole('group', { name: /^Kurta Set/ });
const romper = () => screen.findByRole('group', { name: /^Muslin Romper/ });

describe('the return form', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('offers 0 to the pieces bought, and an exchange for the product’s other sizes, sold-out ones marked and disabled', async () => {
    formApi();
    const { user } = renderRoute('/order-detail/501/return');
    const line = await kurta();
    expect(screen.getByText('You can ask until 3 December.')).toBeInTheDocument();
    const pieces = within(line).getByRole('combobox', { name: 'Pieces to send back' });
    expect(
      within(pieces)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1', '2']);
    // Nothing more is asked of a line until pieces are chosen.
    expect(within(line).queryByRole('combobox', { name: 'Reason' })).toBeNull();

    await user.selectOptions(pieces, '1');
    await user.click(within(line).getByRole('radio', { name: 'Exchange (another size)' }));
    const newSize = within(line).getByRole('combobox', { name: 'New size' });
    const options = within(newSize).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ['Choose a size', false],
      ['1-2Y', false],
      ['3-4Y', false],
      ['4-5Y (sold out)', true],
    ]);

    // The romper is no longer sold: it can only be returned.
    const other = await romper();
    await user.selectOptions(within(other).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    expect(within(other).getByRole('radio', { name: 'Exchange (another size)' })).toBeDisabled();
    expect(within(other).getByRole('radio', { name: 'Return (refund)' })).toBeChecked();
    expect(within(other).getByText(/no longer sold: it can be returned for a refund/)).toBeInTheDocument();
  });

  it('asks for at least one piece, a reason and the new size before sending anything', async () => {
    const fetchMock = formApi();
    const { user } = renderRoute('/order-detail/501/return');
    const line = await kurta();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one piece.');

    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '2');
    await user.click(within(line).getByRole('radio', { name: 'Exchange (another size)' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await within(line).findByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Choose a reason.',
    );
    expect(within(line).getByRole('combobox', { name: 'New size' })).toHaveAccessibleDescription(
      'Choose the size you want instead.',
    );
    expect(sentBodies(fetchMock, 'return_request')).toEqual([]);
  });

  it('sends the chosen lines and goes to the return’s page', async () => {
    const fetchMock = formApi({
      return_request: { success: true, message: 'We have your request.', return_id: 31 },
    });
    const { user, router } = renderRoute('/order-detail/501/return');
    const line = await kurta();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    await user.click(within(line).getByRole('radio', { name: 'Exchange (another size)' }));
    await user.selectOptions(within(line).getByRole('combobox', { name: 'New size' }), '3-4Y');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Reason' }), 'Too small');
    await user.type(within(line).getByRole('textbox', { name: 'Note (optional)' }), '  She grew fast. ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { name: 'Return #31' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/returns/31');
    expect(screen.getByText('We have your request.')).toHaveAttribute('role', 'status');
    expect(sentBodies(fetchMock, 'return_request')).toEqual([
      {
        user_id: 3,
        order_id: 501,
        lines: [
          {
            product_id: 7,
            size: 12,
            quantity: 1,
            kind: 'exchange',
            new_size: 13,
            reason: 'too_small',
            note: 'She grew fast.',
          },
        ],
      },
    ]);
  });

  it('shows the server’s refusal beside the line it names', async () => {
    const message = 'Every piece of Muslin Romper in size 3-6M is in an earlier return request.';
    formApi({
      return_request: () =>
        json(409, {
          success: false,
          message,
          code: 'RETURN_QUANTITY_TAKEN',
          errors: { 'lines.0.quantity': [message] },
        }),
    });
    const { user } = renderRoute('/order-detail/501/return');
    // Only the romper's line is sent: the body's first line is the order's second.
    const line = await romper();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Reason' }), 'Damaged or faulty');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await within(line).findByText(message)).toBeInTheDocument();
    expect(within(line).getByRole('combobox', { name: 'Pieces to send back' })).toHaveAccessibleDescription(message);
    expect(within(await kurta()).queryByText(message)).toBeNull();
  });

  it('says when the size asked for just sold out, and makes the line a return in one click', async () => {
    let soldOut = false;
    const fetchMock = formApi({
      product_detail: (body) =>
        body.product_id === 7
          ? kurtaDetail({ '3-4Y': soldOut ? 0 : 1, '4-5Y': 0 })
          : json(404, { success: false, message: 'Product not found.' }),
      return_request: (body) => {
        const [line] = body.lines as { kind: string }[];
        if (line?.kind === 'exchange') {
          soldOut = true;
          return json(409, {
            success: false,
            code: 'EXCHANGE_SIZE_SOLD_OUT',
            message: 'Size 3-4Y of Kurta Set is sold out, so it cannot be exchanged now.',
          });
        }
        return { success: true, message: 'We have your request.', return_id: 31 };
      },
    });
    const { user } = renderRoute('/order-detail/501/return');
    const line = await kurta();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    await user.click(within(line).getByRole('radio', { name: 'Exchange (another size)' }));
    await user.selectOptions(within(line).getByRole('combobox', { name: 'New size' }), '3-4Y');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Reason' }), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Size 3-4Y of Kurta Set is sold out');
    expect(within(line).getByRole('combobox', { name: 'New size' })).toHaveAccessibleDescription(
      'That size has just sold out.',
    );
    await user.click(await within(line).findByRole('button', { name: 'Return it for a refund instead' }));
    expect(within(line).getByRole('radio', { name: 'Return (refund)' })).toBeChecked();
    expect(within(line).queryByRole('combobox', { name: 'New size' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Return #31' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'return_request').map((body) => body.lines)).toEqual([
      [{ product_id: 7, size: 12, quantity: 1, kind: 'exchange', new_size: 13, reason: 'too_small' }],
      [{ product_id: 7, size: 12, quantity: 1, kind: 'return', reason: 'too_small' }],
    ]);
  });

  it('uploads up to three photos for this order, shows them and lets one be removed before sending', async () => {
    let uploads = 0;
    const fetchMock = formApi({
      photo_upload: () => {
        uploads += 1;
        return { success: true, url: `/api/return_photo/0123456789abcdef0123456${uploads}-800.webp` };
      },
      return_request: { success: true, message: 'We have your request.', return_id: 31 },
    });
    const { user } = renderRoute('/order-detail/501/return');
    const line = await romper();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Reason' }), 'Damaged or faulty');

    const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add a photo'), [photo('a.jpg'), photo('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Attachment 2' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add a photo'), [photo('c.jpg'), photo('d.jpg')]);
    expect(await screen.findByRole('img', { name: 'Attachment 3' })).toBeInTheDocument();
    // Three is the most: the fourth was not sent, and there is no more to add.
    expect(uploads).toBe(3);
    expect(screen.queryByLabelText('Add a photo')).toBeNull();
    // Each upload says it is for this order's return, before the file: the server keeps it private.
    const forms = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/api/photo_upload'))
      .map(([, init]) => init?.body as FormData);
    expect(forms.map((form) => [...form.keys()])).toEqual(Array(3).fill(['purpose', 'order_id', 'file']));
    expect(forms.map((form) => [form.get('purpose'), form.get('order_id')])).toEqual(Array(3).fill(['return', '501']));

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getAllByRole('img', { name: /^Attachment/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Return #31' });
    expect(sentBodies(fetchMock, 'return_request')[0]?.photos).toEqual([
      '/api/return_photo/0123456789abcdef01234562-800.webp',
      '/api/return_photo/0123456789abcdef01234563-800.webp',
    ]);
  });

  it('says the window closed for an order delivered too long ago', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: { ...deliveredOrder, return_until: '2025-12-03T18:29:59.999Z' } },
    });
    renderRoute('/order-detail/501/return');
    expect(await screen.findByText('The return window closed on 3 December.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });
});

describe('the return form under return rules (ADR 058)', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  const HYGIENE = 'Worn next to the skin: for hygiene, exchanged for another size only.';
  const CLEARANCE = 'Clearance pieces are sold as they are.';
  const [kurtaLine, romperLine] = deliveredOrder.description;
  const ruledOrder = {
    ...deliveredOrder,
    description: [
      { ...kurtaLine, return_rule: { kind: 'exchange_only', reason: HYGIENE } },
      { ...romperLine, return_rule: { kind: 'final_sale', reason: CLEARANCE } },
    ],
  };

  it('shows each piece’s rule, offers an exchange-only piece no return and a final-sale piece nothing', async () => {
    formApi({ order_details: { success: true, data: ruledOrder } });
    const { user } = renderRoute('/order-detail/501/return');

    const line = await kurta();
    expect(within(line).getByText(HYGIENE).closest('p')).toHaveTextContent(`Exchange only: ${HYGIENE}`);
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    expect(within(line).getByRole('radio', { name: 'Return (refund)' })).toBeDisabled();
    expect(await within(line).findByRole('radio', { name: 'Exchange (another size)' })).toBeChecked();

    const other = await romper();
    expect(within(other).getByText(CLEARANCE).closest('p')).toHaveTextContent(`Final sale: ${CLEARANCE}`);
    expect(within(other).getByText('This piece cannot be sent back.')).toBeInTheDocument();
    expect(within(other).queryByRole('combobox', { name: 'Pieces to send back' })).toBeNull();
  });

  it('shows the server’s refusal under the rule beside the piece’s choice', async () => {
    const message = `Kurta Set is exchange only: it can be exchanged for another size, not returned for a refund. ${HYGIENE}`;
    const api = formApi({
      order_details: {
        success: true,
        data: { ...deliveredOrder, description: [ruledOrder.description[0], romperLine] },
      },
      return_request: () =>
        json(409, { success: false, message, code: 'EXCHANGE_ONLY', errors: { 'lines.0.kind': [message] } }),
    });
    const { user } = renderRoute('/order-detail/501/return');
    const line = await kurta();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Pieces to send back' }), '1');
    await user.selectOptions(await within(line).findByRole('combobox', { name: 'New size' }), '13');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Reason' }), 'too_small');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await within(line).findByText(message)).toBeInTheDocument();
    expect(sentBodies(api, 'return_request')).toHaveLength(1);
  });
});
