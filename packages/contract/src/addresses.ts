import { z } from 'zod';
import { PHONE_NUMBER_MESSAGE, PHONE_NUMBER_PATTERN, PIN_CODE_MESSAGE, PIN_CODE_PATTERN } from './address-formats';
import { EmptyBody, Id } from './common';
import { MessageAnswer, Owner } from './identity';

/** The longest accepted free text of an address, in characters. */
export const ADDRESS_FIELD_LIMITS = { name: 50, address: 300, email: 254 } as const;

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

/** The longest town or city name an address keeps, in characters (the `addresses.city_name` column's bound). */
export const TOWN_NAME_MAX = 60;
/** The texts beside the city field. */
export const TOWN_TEXTS = {
  missing: 'Please enter your town or city.',
  tooLong: `At most ${TOWN_NAME_MAX} characters.`,
} as const;
/** Anything a town's name must have at least one of: a letter of any script. */
const LETTER = /\p{L}/u;

/** A town's name as the shopper types it: trimmed, 1 to 60 characters, with at least one letter. */
export const TownName = z
  .string({ error: TOWN_TEXTS.missing })
  .trim()
  .min(1, { error: TOWN_TEXTS.missing, abort: true })
  .max(TOWN_NAME_MAX, { error: TOWN_TEXTS.tooLong, abort: true })
  .regex(LETTER, TOWN_TEXTS.missing);

/** Why a value is neither a city id nor a town's name: too long if it is long text, else missing. */
function cityError(input: unknown): string {
  return typeof input === 'string' && input.trim().length > TOWN_NAME_MAX ? TOWN_TEXTS.tooLong : TOWN_TEXTS.missing;
}

/**
 * The city of an address: EITHER the city_id of one of the shop's seeded cities (a number, or its digits as a string,
 * as `Id` takes it), which must be a city of the address's state; OR a town's name (`TownName`), which the server
 * keeps as the address's `city_name`. A name equal to a seeded city of the state (ignoring case and the spaces around
 * it) is saved as that city: its id, and its name as the shop spells it. A name needs a letter, so digits are an id.
 */
export const CityChoice = z.union([...Id.options, TownName], { error: (issue) => cityError(issue.input) });

/** The fields every address form fills in, named as product.md §7 sends them. */
const AddressFields = {
  first_name: freeText('First name', ADDRESS_FIELD_LIMITS.name),
  last_name: freeText('Last name', ADDRESS_FIELD_LIMITS.name),
  address: freeText('Address', ADDRESS_FIELD_LIMITS.address),
  /** The state_id. */
  state: chosenId('Please choose a state.'),
  /** A seeded city_id of `state`, or a town's name (see `CityChoice`). */
  city: CityChoice,
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
  /** The city_id when the address is linked to one of the shop's seeded cities, else the town's name as typed. */
  city: z.union([z.number().int(), z.string()]),
  state_name: z.string(),
  /** The town or city's name, always: the seeded city's, or the one typed. */
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

/** The most towns pin_code_lookup suggests for one PIN code. */
export const PIN_CODE_TOWNS_MAX = 30;

/** pin_code_lookup: what the address form fills in from a PIN code. */
export const PinCodeLookupRequest = z.strictObject({ pin_code: PinCode });
export type PinCodeLookupRequest = z.input<typeof PinCodeLookupRequest>;
/**
 * A PIN code's place, from India Post's directory: the shop's state of the PIN code's GST state code (`state_id` null
 * when the shop has no such state; `state_name` is then the GST name), its main district, and the names of its post
 * offices and towns, deduplicated and sorted, at most `PIN_CODE_TOWNS_MAX`. An unknown PIN code is a 400 with
 * `errors.pin_code`.
 */
export const PinCodeLookupAnswer = z.object({
  success: z.literal(true),
  pin_code: z.string(),
  state_id: z.number().int().nullable(),
  state_name: z.string(),
  district: z.string(),
  towns: z.array(z.string()),
});
export type PinCodeLookupAnswer = z.infer<typeof PinCodeLookupAnswer>;
