import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const zones = [
  { zone: 'local', label: 'Within your state', charge: 49, free_above: 999, min_days: 1, max_days: 3, active: true },
  { zone: 'metro', label: 'Metro cities', charge: 49, free_above: 999, min_days: 2, max_days: 4, active: true },
  { zone: 'rest', label: 'Rest of India', charge: 79, free_above: 1499, min_days: 3, max_days: 6, active: true },
  {
    zone: 'remote',
    label: 'North-East, J&K, Ladakh and the islands',
    charge: 129,
    free_above: 2499,
    min_days: 5,
    max_days: 9,
    active: true,
  },
];

const patches = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'PATCH').map((request) => ({ path: request.path, body: request.body }));

/** Answers a zone's PATCH with the zone as changed. */
const saved = (request: SentRequest) => {
  const zone = zones.find((each) => request.path === `shipping_zones/${each.zone}`);
  return { success: true, data: { ...zone, ...(request.body as object) } };
};

describe('the shipping zones', () => {
  it('lists the four zones in order, each with its terms, and says how a zone is chosen', async () => {
    signIn();
    stubAdminApi({ 'GET shipping_zones': { success: true, data: zones } });
    renderRoute('/shipping-zones');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping zones' })).toBeVisible();
    expect(screen.getByText(/The delivery PIN code decides an order’s zone/)).toHaveTextContent(
      /Delhi NCR, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Pune and Ahmedabad/,
    );
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Within your state',
      'Metro cities',
      'Rest of India',
      'North-East, J&K, Ladakh and the islands',
    ]);
    const remote = within(screen.getByRole('region', { name: 'North-East, J&K, Ladakh and the islands' }));
    expect(remote.getByLabelText('Charge')).toHaveValue(129);
    expect(remote.getByLabelText('Free from')).toHaveValue(2499);
    expect(remote.getByLabelText('Fewest days')).toHaveValue(5);
    expect(remote.getByLabelText('Most days')).toHaveValue(9);
    expect(remote.getByRole('checkbox', { name: 'Deliver here' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Shipping zones' })).toHaveAttribute('href', '/shipping-zones');
  });

  it('saves one zone with only its own body: never free as null, days as numbers, off as false', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET shipping_zones': { success: true, data: zones },
      'PATCH shipping_zones/metro': saved,
    });
    const { user } = renderRoute('/shipping-zones');
    const metro = within(await screen.findByRole('region', { name: 'Metro cities' }));

    await user.clear(metro.getByLabelText('Charge'));
    await user.type(metro.getByLabelText('Charge'), '59.50');
    await user.clear(metro.getByLabelText('Free from'));
    await user.clear(metro.getByLabelText('Most days'));
    await user.type(metro.getByLabelText('Most days'), '5');
    await user.click(metro.getByRole('checkbox', { name: 'Deliver here' }));
    await user.click(metro.getByRole('button', { name: 'Save Metro cities' }));

    expect(await metro.findByRole('status')).toHaveTextContent('Metro cities: saved.');
    expect(patches(sent)).toEqual([
      {
        path: 'shipping_zones/metro',
        body: { charge: 59.5, free_above: null, min_days: 2, max_days: 5, active: false },
      },
    ]);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says beside the most days when they are fewer than the fewest, and does not save', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET shipping_zones': { success: true, data: zones },
      'PATCH shipping_zones/rest': saved,
    });
    const { user } = renderRoute('/shipping-zones');
    const rest = within(await screen.findByRole('region', { name: 'Rest of India' }));
    const most = rest.getByLabelText('Most days');
    await user.clear(rest.getByLabelText('Fewest days'));
    await user.type(rest.getByLabelText('Fewest days'), '7');

    expect(most).toHaveAccessibleDescription(expect.stringContaining('The most days must be at least the fewest.'));
    expect(most).toBeInvalid();
    await user.click(rest.getByRole('button', { name: 'Save Rest of India' }));
    expect(patches(sent)).toEqual([]);
  });

  it('shows the server’s refusal beside its field and above the button', async () => {
    signIn();
    stubAdminApi({
      'GET shipping_zones': { success: true, data: zones },
      'PATCH shipping_zones/local': () =>
        json(400, {
          success: false,
          message: 'The most days must be at least the fewest.',
          errors: { max_days: ['The most days must be at least the fewest.'] },
        }),
    });
    const { user } = renderRoute('/shipping-zones');
    const local = within(await screen.findByRole('region', { name: 'Within your state' }));
    await user.click(local.getByRole('button', { name: 'Save Within your state' }));

    expect(await local.findByRole('alert')).toHaveTextContent('The most days must be at least the fewest.');
    expect(local.getByLabelText('Most days')).toHaveAccessibleDescription(
      expect.stringContaining('The most days must be at least the fewest.'),
    );
    expect(local.getByLabelText('Most days')).toBeInvalid();
  });

  it('tells a staff member that only the owner sees the zones', async () => {
    signIn();
    stubAdminApi({
      'GET shipping_zones': () => json(403, { success: false, message: 'Only the owner can do this.' }),
    });
    renderRoute('/shipping-zones');
    expect(await screen.findByText('Only the shop’s owner can see and change the shipping zones.')).toBeVisible();
  });
});
