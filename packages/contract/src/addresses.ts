import { z } from 'zod';
import { EmptyBody, Id } from './common';
import { MessageAnswer, Owner } from './identity';

/** The longest accepted free text of an address, in characters. */
export const ADDRESS_FIELD_LIMITS = { name: 50, address: 300, email: 254 } as const;

/** The hints of product.md §5, shown under the form's fields. */
export const PIN_CODE_MESSAGE = 'Pin code must be 6 digits';
export const PHONE_NUMBER_MESSAGE = 'Phone number must be 10 digits';

/** An Indian PIN code: six digits, never starting with 0. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
/** An Indian mobile number: ten digits starting with 6, 7, 8 or 9. */
export const PHONE_NUMBER_PATTERN = /^[6-9][0-9]{9}$/;

/** A string field with its own "required" text, trimmed before it is checked. */
const requiredString = (required: string, wrongType = required) =>
  z.string({ error: (issue) => (issue.input === undefined ? required : wrongType) }).trim();

const freeText = (label: string, max: number) =>
  requiredString(`${label} is required.`, `${label} must be text.`)
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const PinCode = requiredString('Pin code is required.', PIN_CODE_MESSAGE).regex(PIN_CODE_PATTERN, PIN_CODE_MESSAGE);
const PhoneNumber = requiredString('Phone number is required.', PHONE_NUMBER_MESSAGE).regex(
  PHONE_NUMBER_PATTERN,
  PHONE_NUMBER_MESSAGE,
);
const EmailId = requiredString('E-mail is required.', 'Please enter a valid e-mail address.')
  .max(ADDRESS_FIELD_LIMITS.email, 'Please enter a valid e-mail address.')
  .pipe(z.email('Please enter a valid e-mail address.'));

/** An id picked from a list (a state, a city), with the form's own text when it is missing. */
const chosenId = (missing: string) => z.union(Id.options, { error: missing });

/** The fields every address form fills in, named as product.md §7 sends them. */
const AddressFields = {
  first_name: freeText('First name', ADDRESS_FIELD_LIMITS.name),
  last_name: freeText('Last name', ADDRESS_FIELD_LIMITS.name),
  address: freeText('Address', ADDRESS_FIELD_LIMITS.address),
  /** The state_id. */
  state: chosenId('Please choose a state.'),
  /** The city_id; it must be a city of `state`. */
  city: chosenId('Please choose a city.'),
  pin_code: PinCode,
  email_id: EmailId,
  phone_number: PhoneNumber,
};

/**
 * On edit, product.md §5 makes pin code, e-mail and phone optional: a field left out keeps its value.
 * An HTML form cannot leave a field out, it sends it empty, so a blank value means the same.
 */
const keptWhenBlank = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())
    .describe('Left out or blank: the saved value stays.');

export const StateOption = z.object({ state_id: z.number().int(), state_name: z.string() });
export type StateOption = z.infer<typeof StateOption>;
export const StateListRequest = EmptyBody;
/** The states and union territories, by name. `product` is the frozen name for the list (docs/customer-api.md). */
export const StateListAnswer = z.object({ success: z.literal(true), product: z.array(StateOption) });
export type StateListAnswer = z.infer<typeof StateListAnswer>;

export const CityOption = z.object({ city_id: z.number().int(), city_name: z.string() });
export type CityOption = z.infer<typeof CityOption>;
export const CityListRequest = z.strictObject({ state_id: chosenId('Please choose a state.') });
export type CityListRequest = z.input<typeof CityListRequest>;
/** A state's cities, by name. `product` is the frozen name for the list (docs/customer-api.md). */
export const CityListAnswer = z.object({ success: z.literal(true), product: z.array(CityOption) });
export type CityListAnswer = z.infer<typeof CityListAnswer>;

/** 'Active' marks the owner's default address; every other one is 'Inactive'. */
export const ADDRESS_STATUSES = ['Active', 'Inactive'] as const;

/** A saved address as the storefront shows it. */
export const SavedAddress = z.object({
  address_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  /** The state_id. */
  state: z.number().int(),
  /** The city_id. */
  city: z.number().int(),
  state_name: z.string(),
  city_name: z.string(),
  pin_code: z.string(),
  email_id: z.string(),
  phone_number: z.string(),
  active_status: z.enum(ADDRESS_STATUSES),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const AddressListRequest = z.strictObject({ ...Owner });
export type AddressListRequest = z.input<typeof AddressListRequest>;
/** The owner's addresses: the Active one first, then the newest. */
export const AddressListAnswer = z.object({ success: z.literal(true), address: z.array(SavedAddress) });
export type AddressListAnswer = z.infer<typeof AddressListAnswer>;

export const AddAddressRequest = z.strictObject({ ...Owner, ...AddressFields });
export type AddAddressRequest = z.input<typeof AddAddressRequest>;
/** The new address's id rides along with the documented message. */
export const AddAddressAnswer = MessageAnswer.extend({ address_id: z.number().int() });
export type AddAddressAnswer = z.infer<typeof AddAddressAnswer>;

export const EditAddressRequest = z.strictObject({ ...Owner, address_id: Id });
export type EditAddressRequest = z.input<typeof EditAddressRequest>;
export const EditAddressAnswer = z.object({ success: z.literal(true), address: SavedAddress });
export type EditAddressAnswer = z.infer<typeof EditAddressAnswer>;

export const UpdateAddressRequest = z.strictObject({
  ...Owner,
  address_id: Id,
  ...AddressFields,
  pin_code: keptWhenBlank(PinCode),
  email_id: keptWhenBlank(EmailId),
  phone_number: keptWhenBlank(PhoneNumber),
});
export type UpdateAddressRequest = z.input<typeof UpdateAddressRequest>;

export const DeleteAddressRequest = z.strictObject({ ...Owner, address_id: Id });
export type DeleteAddressRequest = z.input<typeof DeleteAddressRequest>;

export const AddressActiveRequest = z.strictObject({ ...Owner, address_id: Id });
export type AddressActiveRequest = z.input<typeof AddressActiveRequest>;
