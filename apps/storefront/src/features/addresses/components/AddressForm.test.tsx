import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const states = {
  success: true,
  product: [
    { state_id: 3, state_name: 'Assam' },
    { state_id: 1, state_name: 'Karnataka' },
    { state_id: 2, state_name: 'Tamil Nadu' },
  ],
};
const CITIES: Record<number, { city_id: number; city_name: string }[]> = {
  1: [{ city_id: 10, city_name: 'Bengaluru' }],
  2: [
    { city_id: 20, city_name: 'Chennai' },
    { city_id: 21, city_name: 'Madurai' },
  ],
  3: [
    { city_id: 30, city_name: 'Guwahati' },
    { city_id: 31, city_name: 'Tezpur' },
  ],
};
const citiesOf = (body: Record<string, unknown>) => ({ success: true, product: CITIES[Number(body.state_id)] ?? [] });

const UNKNOWN_PIN = 'We could not find this PIN code. Please check it.';
/** pin_code_lookup as the shop answers it for the PIN codes these tests type, and an unknown one. */
const PLACES: Record<string, object> = {
  '784001': {
    state_id: 3,
    state_name: 'Assam',
    district: 'Sonitpur',
    towns: ['Hazarapar', 'Kacharigaon', 'Mahabhairab', 'Sonitpur', 'Tezpur', 'Tezpur Bazar'],
  },
  '560001': { state_id: 1, state_name: 'Karnataka', district: 'Bengaluru', towns: ['Bangalore GPO', 'Vidhana Soudha'] },
  '625001': { state_id: 2, state_name: 'Tamil Nadu', district: 'Madurai', towns: ['Madurai', 'Madurai Main'] },
};
const pinCodeLookup = (body: Record<string, unknown>) => {
  const place = PLACES[String(body.pin_code)];
  return place
    ? { success: true, pin_code: body.pin_code, ...place }
    : json(400, { success: false, message: UNKNOWN_PIN, errors: { pin_code: [UNKNOWN_PIN] } });
};
/** The lists the form reads. */
const lists = { category_list: categoryList, state_list: states, city_list: citiesOf, pin_code_lookup: pinCodeLookup };

/** The names a text input's <datalist> suggests. */
function suggestionsOf(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
}

const saved = {
  address_id: 5,
  first_name: 'Priya',
  last_name: 'Sharma',
  address: '12, Gandhi Nagar',
  state: 2,
  city: 21,
  state_name: 'Tamil Nadu',
  city_name: 'Madurai',
  pin_code: '625001',
  email_id: 'priya@example.in',
  phone_number: '9876543210',
  active_status: 'Active',
};

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

type User = ReturnType<typeof renderRoute>['user'];

async function fillAll(user: User, pin = '560001') {
  await user.type(await screen.findByLabelText('First name'), 'Priya');
  await user.type(screen.getByLabelText('Last name'), 'Sharma');
  await user.type(screen.getByLabelText('Address'), '12, Gandhi Nagar');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Karnataka' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Bengaluru' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
  await user.type(screen.getByLabelText('Pin code'), pin);
  await user.type(screen.getByLabelText('Phone number'), '9876543210');
  await user.type(screen.getByLabelText('E-mail'), 'priya@example.in');
}

describe('Add address form (/Billing-Address-Form)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '5');
    localStorage.setItem('userName', 'Priya');
  });

  it('keeps the city select disabled until a state is chosen, and reloads and clears it when the state changes', async () => {
    const api = stubApi(lists);
    const { user } = renderRoute('/Billing-Address-Form');
    const city = await screen.findByLabelText('City');
    expect(city).toBeDisabled();

    await waitFor(() => expect(screen.getByRole('option', { name: 'Karnataka' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await waitFor(() => expect(city).toBeEnabled());
    await user.selectOptions(city, await screen.findByRole('option', { name: 'Bengaluru' }));
    expect(city).toHaveValue('10');

    await user.selectOptions(screen.getByLabelText('State'), 'Tamil Nadu');
    expect(await screen.findByRole('option', { name: 'Madurai' })).toBeInTheDocument();
    expect(city).toHaveValue('');
    expect(bodiesOf(api, 'city_list')).toEqual([{ state_id: 1 }, { state_id: 2 }]);
  });

  it('requires every field, with the PIN and phone documented hints, and sends nothing', async () => {
    const api = stubApi(lists);
    const { user } = renderRoute('/Billing-Address-Form');
    const pin = await screen.findByLabelText('Pin code');
    const phone = screen.getByLabelText('Phone number');
    expect(pin).toHaveAccessibleDescription('Pin code must be 6 digits');
    expect(phone).toHaveAccessibleDescription('Phone number must be 10 digits');
    expect(screen.getByText('Pin code must be 6 digits')).toBeVisible();
    expect(screen.getByText('Phone number must be 10 digits')).toBeVisible();

    await fillAll(user, '5600');
    await user.clear(phone);
    await user.type(phone, '98765');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(pin).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // The error is the hint itself, not said twice.
    expect(screen.getAllByText('Pin code must be 6 digits')).toHaveLength(1);
    expect(pin).toHaveAccessibleDescription('Pin code must be 6 digits');
    expect(phone).toHaveAccessibleDescription('Phone number must be 10 digits');
    expect(phone).toHaveAttribute('maxLength', '10');
    expect(bodiesOf(api, 'add_address')).toEqual([]);
  });

  it('disables every input and reads SUBMITTING... while sending, stays disabled, then goes to billing after 1.5 s', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = stubApi(lists);
    const base = api.getMockImplementation();
    api.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/add_address')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : base
          ? base(input, init)
          : json(404, {}),
    );
    const { user, router } = renderRoute('/Billing-Address-Form');
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('button', { name: 'SUBMITTING...' })).toBeDisabled();
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByLabelText('State')).toBeDisabled();
    expect(screen.getByLabelText('City')).toBeDisabled();

    answer(json(200, { success: true, message: 'Address added successfully.', address_id: 9 }));
    expect(await screen.findByText('Address added successfully.')).toBeInTheDocument();
    expect(bodiesOf(api, 'add_address')).toEqual([
      {
        user_id: 5,
        first_name: 'Priya',
        last_name: 'Sharma',
        address: '12, Gandhi Nagar',
        state: 1,
        city: 10,
        pin_code: '560001',
        email_id: 'priya@example.in',
        phone_number: '9876543210',
      },
    ]);
    // Saved: nothing can be changed or saved a second time while the redirect is pending.
    const save = screen.getByRole('button', { name: 'Save Address' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByLabelText('City')).toBeDisabled();
    await user.click(save);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(save).toBeDisabled();
    expect(bodiesOf(api, 'add_address')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/Billing-Address-Form');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Billing-Address'), { timeout: 4000 });
  });

  it("shows the server's field errors beside their fields, else its message or 'Failed to add address.'", async () => {
    stubApi({
      ...lists,
      add_address: () =>
        json(400, { success: false, message: 'Invalid', errors: { city: ['That city is not in the chosen state.'] } }),
    });
    const { user } = renderRoute('/Billing-Address-Form');
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByLabelText('City')).toHaveAccessibleDescription(/That city is not in the chosen state\./);
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Failed to add address.' when the refusal has no message", async () => {
    stubApi({
      ...lists,
      add_address: () => json(500, { success: false, message: '' }),
    });
    const { user } = renderRoute('/Billing-Address-Form');
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add address.');
  });
});

describe('the PIN code fills the state and suggests the town', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '5');
    localStorage.setItem('userName', 'Priya');
  });

  async function fillNames(user: User) {
    await user.type(await screen.findByLabelText('First name'), 'Priya');
    await user.type(screen.getByLabelText('Last name'), 'Sharma');
    await user.type(screen.getByLabelText('Address'), 'Mission Chariali');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.type(screen.getByLabelText('E-mail'), 'priya@example.in');
  }

  it('comes before the state and city', async () => {
    stubApi(lists);
    renderRoute('/Billing-Address-Form');
    const pin = await screen.findByLabelText('Pin code');
    const state = screen.getByLabelText('State');
    const city = screen.getByLabelText('City');
    expect(pin.compareDocumentPosition(state) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(state.compareDocumentPosition(city) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("typing 784001 chooses Assam and offers the PIN code's district, towns and Assam's cities to type", async () => {
    const api = stubApi({
      ...lists,
      add_address: { success: true, message: 'Address added successfully.', address_id: 9 },
    });
    const { user } = renderRoute('/Billing-Address-Form');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Assam' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('Pin code'), '784001');

    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('3'));
    const city = screen.getByLabelText('City');
    expect(city.tagName).toBe('INPUT');
    expect(city).toHaveAccessibleDescription('Type your town or city, or pick one of the suggestions.');
    expect(screen.getByText('Sonitpur, Assam')).toBeInTheDocument();
    await waitFor(() =>
      expect(suggestionsOf(city)).toEqual([
        'Sonitpur',
        'Hazarapar',
        'Kacharigaon',
        'Mahabhairab',
        'Tezpur',
        'Tezpur Bazar',
        'Guwahati',
      ]),
    );
    expect(bodiesOf(api, 'pin_code_lookup')).toEqual([{ pin_code: '784001' }]);

    await fillNames(user);
    await user.type(city, 'Tezpur Bazar');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address added successfully.')).toBeInTheDocument();
    expect(bodiesOf(api, 'add_address')).toEqual([expect.objectContaining({ state: 3, city: 'Tezpur Bazar' })]);
  });

  it("sends a typed name that is one of the state's cities (any case) as that city's id", async () => {
    const api = stubApi({
      ...lists,
      add_address: { success: true, message: 'Address added successfully.', address_id: 9 },
    });
    const { user } = renderRoute('/Billing-Address-Form');
    await user.type(await screen.findByLabelText('Pin code'), '784001');
    await waitFor(() => expect(screen.getByLabelText('City').tagName).toBe('INPUT'));
    await waitFor(() => expect(suggestionsOf(screen.getByLabelText('City'))).toContain('Guwahati'));
    await fillNames(user);
    await user.type(screen.getByLabelText('City'), ' tezpur ');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address added successfully.')).toBeInTheDocument();
    expect(bodiesOf(api, 'add_address')).toEqual([expect.objectContaining({ state: 3, city: 31 })]);
  });

  it('keeps the state the shopper chooses after the PIN code chose one, and their typed town', async () => {
    stubApi(lists);
    const { user } = renderRoute('/Billing-Address-Form');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Assam' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('Pin code'), '784001');
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('3'));
    await user.type(screen.getByLabelText('City'), 'Hazarapar');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByLabelText('State')).toHaveValue('1');
    expect(screen.getByLabelText('City')).toHaveValue('Hazarapar');
  });

  it('says beside the PIN code field that an unknown PIN code was not found, and leaves the city a select', async () => {
    stubApi(lists);
    const { user } = renderRoute('/Billing-Address-Form');
    const pin = await screen.findByLabelText('Pin code');
    await user.type(pin, '999999');
    await waitFor(() => expect(pin).toHaveAccessibleDescription(`Pin code must be 6 digits ${UNKNOWN_PIN}`));
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('State')).toHaveValue('');
    expect(screen.getByLabelText('City').tagName).toBe('SELECT');

    // A PIN code India Post knows takes the message away.
    await user.clear(pin);
    await user.type(pin, '560001');
    await waitFor(() => expect(pin).toHaveAccessibleDescription('Pin code must be 6 digits'));
    expect(pin).toBeValid();
  });

  it("shows the server's refusal of the PIN code beside the PIN code field", async () => {
    const refusal = 'This PIN code is in Assam, not Karnataka. Please check the PIN code or the state.';
    stubApi({
      ...lists,
      add_address: () => json(400, { success: false, message: refusal, errors: { pin_code: [refusal] } }),
    });
    const { user } = renderRoute('/Billing-Address-Form');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Assam' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('Pin code'), '784001');
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('3'));
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    await fillNames(user);
    await user.type(screen.getByLabelText('City'), 'Tezpur');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    const pin = screen.getByLabelText('Pin code');
    await waitFor(() => expect(pin).toHaveAccessibleDescription(`Pin code must be 6 digits ${refusal}`));
    expect(pin).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a saved town as text, with its PIN code looked up', async () => {
    const api = stubApi({
      ...lists,
      edit_address: {
        success: true,
        address: {
          ...saved,
          state: 3,
          city: 'Hazarapar',
          state_name: 'Assam',
          city_name: 'Hazarapar',
          pin_code: '784001',
        },
      },
      update_address: { success: true, message: 'Address updated successfully!' },
    });
    const { user } = renderRoute('/Billingedit/5');
    const city = await screen.findByLabelText('City');
    expect(city).toHaveValue('Hazarapar');
    await waitFor(() => expect(suggestionsOf(city)).toContain('Tezpur Bazar'));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
    expect(bodiesOf(api, 'update_address')).toEqual([expect.objectContaining({ state: 3, city: 'Hazarapar' })]);
  });
});

describe('Edit address form (/Billingedit/:id and /Myprofileedit/:id)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '5');
    localStorage.setItem('userName', 'Priya');
  });

  it('fills the saved address, lets PIN, e-mail and phone be blank, and goes back to billing after 1 s', async () => {
    const api = stubApi({
      ...lists,
      edit_address: { success: true, address: saved },
      update_address: { success: true, message: 'Address updated successfully!' },
    });
    const { user, router } = renderRoute('/Billingedit/5');
    expect(await screen.findByLabelText('First name')).toHaveValue('Priya');
    // Its PIN code looked up, the saved city becomes a typed name, sent back as the seeded city's id.
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madurai'));
    expect(screen.getByLabelText('State')).toHaveValue('2');

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Priyanka');
    await user.clear(screen.getByLabelText('Pin code (optional)'));
    await user.clear(screen.getByLabelText('E-mail (optional)'));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));

    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
    expect(bodiesOf(api, 'update_address')).toEqual([
      {
        user_id: 5,
        address_id: 5,
        first_name: 'Priyanka',
        last_name: 'Sharma',
        address: '12, Gandhi Nagar',
        state: 2,
        city: 21,
        phone_number: '9876543210',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Billing-Address'), { timeout: 4000 });
  });

  it('still requires the name, address, state and city', async () => {
    stubApi({
      ...lists,
      edit_address: { success: true, address: saved },
    });
    const { user } = renderRoute('/Billingedit/5');
    await user.clear(await screen.findByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
  });

  it('says why the address could not be read', async () => {
    stubApi({
      ...lists,
      edit_address: () => json(404, { success: false, message: 'That address was not found.' }),
    });
    renderRoute('/Billingedit/77');
    expect(await screen.findByText('Failed to fetch address details: That address was not found.')).toBeInTheDocument();
  });

  it('on the profile lets only digits into the phone and goes back to /myprofile after 1 s', async () => {
    stubApi({
      ...lists,
      edit_address: { success: true, address: saved },
      update_address: { success: true, message: 'Address updated successfully!' },
      address_list: { success: true, address: [saved] },
    });
    const { user, router } = renderRoute('/Myprofileedit/5');
    const phone = await screen.findByLabelText('Phone number (optional)');
    await user.clear(phone);
    await user.type(phone, '98a7-6b5');
    expect(phone).toHaveValue('98765');
    await user.clear(phone);
    await user.type(phone, '9123456780');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madurai'));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText('Address updated successfully!')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(router.state.location.pathname).toBe('/myprofile'), { timeout: 4000 });
  });
});
