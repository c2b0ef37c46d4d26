import { AddAddressRequest, type CityOption, UpdateAddressRequest } from '@kapaas/contract';
import { z } from 'zod';
import { ApiError } from '#storefront/lib/api.ts';

/** The add form's rules (product.md §5): every field required, PIN 6 digits, phone 10 digits: the server's own schema. */
export const addAddressSchema = AddAddressRequest.omit({ user_id: true, guest_id: true });
/** The edit form's rules (product.md §5): pin code, e-mail and phone may stay blank, keeping the saved value. */
export const editAddressSchema = UpdateAddressRequest.omit({ user_id: true, guest_id: true, address_id: true });

/**
 * What the form's inputs hold: text, the chosen state id as the select's string, and the city as the select's city id
 * or, once the PIN code is looked up (or the saved address names a town), the town's name as typed.
 */
export interface AddressFormValues {
  first_name: string;
  last_name: string;
  address: string;
  state: string;
  city: string;
  pin_code: string;
  email_id: string;
  phone_number: string;
}

/** The checked values; an add form's always fill every field. */
export type AddressFormOutput = z.output<typeof editAddressSchema>;

/** The inputs as the form holds them (strings, which the server's rules also take), handed on to those rules. */
export const addAddressFormSchema = z
  .custom<AddressFormValues>()
  .transform((values): z.input<typeof addAddressSchema> => values)
  .pipe(addAddressSchema);
export const editAddressFormSchema = z
  .custom<AddressFormValues>()
  .transform((values): z.input<typeof editAddressSchema> => values)
  .pipe(editAddressSchema);

export const EMPTY_ADDRESS: AddressFormValues = {
  first_name: '',
  last_name: '',
  address: '',
  state: '',
  city: '',
  pin_code: '',
  email_id: '',
  phone_number: '',
};

export const FIELD_NAMES = Object.keys(EMPTY_ADDRESS) as (keyof AddressFormValues)[];

/** A select's id (a seeded city's), as opposed to a town's name, which has a letter. */
export const ID_TEXT = /^[1-9][0-9]*$/;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-IN') === b.trim().toLocaleLowerCase('en-IN');

/** The seeded city of the list named `name` (but for case and spaces around it), if there is one. */
export function seededCityNamed(cities: readonly CityOption[] | undefined, name: string): CityOption | undefined {
  return cities?.find((city) => sameName(city.city_name, name));
}

/** The names the city field suggests: the PIN code's district and towns, then the state's seeded cities; none twice. */
export function citySuggestions(
  district: string | undefined,
  towns: readonly string[],
  cities: readonly CityOption[] = [],
) {
  const names: string[] = [];
  for (const name of [district ?? '', ...towns, ...cities.map((city) => city.city_name)]) {
    if (name.trim() !== '' && !names.some((known) => sameName(known, name))) names.push(name);
  }
  return names;
}

/** pin_code_lookup's refusal of the PIN code (an unknown one), for the field; nothing for any other failure. */
export function lookupRefusal(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errors.pin_code?.[0] : undefined;
}

/** What the PIN code field says is wrong: the form's error, and pin_code_lookup's refusal unless it says the same. */
export function pinCodeError(formError: string | undefined, refusal: string | undefined): string | undefined {
  const said = [formError, refusal === formError ? undefined : refusal].filter(Boolean);
  return said.length > 0 ? said.join(' ') : undefined;
}
