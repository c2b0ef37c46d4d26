import type { ShipmentNdrDetails } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

/** The parcel of the undelivered message's link: Delhivery could not deliver order #501 on the first attempt. */
const parcel: ShipmentNdrDetails = {
  order_id: 501,
  awb: '190034567812',
  courier_name: 'Delhivery Surface',
  reason: 'Customer not available',
  attempts: 1,
  dates: ['2026-11-29', '2026-11-30', '2026-12-01'],
};
const TOKEN = '12.1.1764900000.abcdefghijklmnopqrstuvwxyzABCDEF';

function answerBodies(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/shipment_ndr_response'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('/delivery-answer, the undelivered message’s page', () => {
  beforeEach(() => localStorage.clear());

  it('shows the parcel and the courier’s reason, and sends the chosen day and a corrected phone', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      shipment_ndr_details: { success: true, data: parcel },
      shipment_ndr_response: {
        success: true,
        message: 'Thank you. We have asked the courier to deliver your parcel again.',
      },
    });
    const { user } = renderRoute(`/delivery-answer?token=${TOKEN}`);
    expect(await screen.findByText(/Delhivery Surface could not deliver order #501/)).toHaveTextContent(
      '“Customer not available”',
    );
    const days = within(screen.getByRole('group', { name: 'When should the courier come again?' }));
    expect(days.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(parcel.dates);
    expect(days.getByRole('radio', { name: 'Sun, 29 Nov' })).toBeChecked();
    await user.click(days.getByRole('radio', { name: 'Mon, 30 Nov' }));
    await user.type(screen.getByRole('textbox', { name: /Phone number for the courier/ }), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Ask for another attempt' }));

    expect(
      await screen.findByText('Thank you. We have asked the courier to deliver your parcel again.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('form', { name: 'Arrange the delivery' })).toBeNull();
    expect(answerBodies(fetchMock)).toEqual([{ token: TOKEN, date: '2026-11-30', phone: '9123456780' }]);
  });

  it('checks the phone and the address in the browser, beside each, and sends nothing', async () => {
    const fetchMock = stubApi({ category_list: categoryList, shipment_ndr_details: { success: true, data: parcel } });
    const { user } = renderRoute(`/delivery-answer?token=${TOKEN}`);
    const phone = await screen.findByRole('textbox', { name: /Phone number for the courier/ });
    await user.type(phone, '12345');
    await user.type(screen.getByRole('textbox', { name: /Corrected address/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Ask for another attempt' }));

    expect(await screen.findByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription('Phone number must be 10 digits');
    expect(screen.getByRole('textbox', { name: /Corrected address/ })).toHaveAccessibleDescription(
      'Write the full address: house, street and area (5 to 200 characters).',
    );
    expect(answerBodies(fetchMock)).toEqual([]);
  });

  it("puts the server's refusal of the day beside the days", async () => {
    stubApi({
      category_list: categoryList,
      shipment_ndr_details: { success: true, data: parcel },
      shipment_ndr_response: () =>
        json(400, {
          success: false,
          message: 'Choose one of the next three days.',
          errors: { date: ['Choose one of the next three days.'] },
        }),
    });
    const { user } = renderRoute(`/delivery-answer?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Ask for another attempt' }));
    const days = await screen.findByRole('group', { name: 'When should the courier come again?' });
    expect(await within(days).findByText('Choose one of the next three days.')).toBeInTheDocument();
    expect(days).toHaveAccessibleDescription('Choose one of the next three days.');
  });

  it('says so, without the form, when the link expired or the parcel moved on', async () => {
    const expired = 'This link has expired. Write to us and we will arrange the delivery with you.';
    stubApi({
      category_list: categoryList,
      shipment_ndr_details: () =>
        json(400, { success: false, message: expired, code: 'NDR_LINK_EXPIRED', errors: { token: [expired] } }),
    });
    renderRoute(`/delivery-answer?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.queryByRole('form', { name: 'Arrange the delivery' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track');
  });
});
