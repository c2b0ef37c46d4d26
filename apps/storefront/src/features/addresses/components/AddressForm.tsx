import { AddAddressRequest, type CityOption, TOWN_TEXTS, UpdateAddressRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '#storefront/lib/api.ts';
import { ADDRESS_TEXTS } from '../addressTexts';
import { usePinCodeLookup } from '../api/usePinCodeLookup';
import { useCities, useStates } from '../api/useStatesAndCities';
import '../addresses.css';

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
const addAddressFormSchema = z
  .custom<AddressFormValues>()
  .transform((values): z.input<typeof addAddressSchema> => values)
  .pipe(addAddressSchema);
const editAddressFormSchema = z
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

const FIELD_NAMES = Object.keys(EMPTY_ADDRESS) as (keyof AddressFormValues)[];

/** A select's id (a seeded city's), as opposed to a town's name, which has a letter. */
const ID_TEXT = /^[1-9][0-9]*$/;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-IN') === b.trim().toLocaleLowerCase('en-IN');

/** The seeded city of the list named `name` (but for case and spaces around it), if there is one. */
export function seededCityNamed(cities: readonly CityOption[] | undefined, name: string): CityOption | undefined {
  return cities?.find((city) => sameName(city.city_name, name));
}

/** The names the city field suggests: the PIN code's district and towns, then the state's seeded cities; none twice. */
function citySuggestions(district: string | undefined, towns: readonly string[], cities: readonly CityOption[] = []) {
  const names: string[] = [];
  for (const name of [district ?? '', ...towns, ...cities.map((city) => city.city_name)]) {
    if (name.trim() !== '' && !names.some((known) => sameName(known, name))) names.push(name);
  }
  return names;
}

/** pin_code_lookup's refusal of the PIN code (an unknown one), for the field; nothing for any other failure. */
function lookupRefusal(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errors.pin_code?.[0] : undefined;
}

interface AddressFormProps {
  mode: 'add' | 'edit';
  defaultValues?: AddressFormValues;
  /** Saves the checked values; a rejection's field errors appear beside their fields, its message above the button. */
  onSave: (values: AddressFormOutput) => Promise<void>;
  /** The text shown when saving failed for a reason other than a field. */
  failureText: (error: unknown) => string;
  /** The profile variant lets only digits be typed into the phone field (product.md §5). */
  digitsOnlyPhone?: boolean;
  submitLabel: string;
  /** A link or button beside the submit button, e.g. back to the list. */
  secondaryAction?: ReactNode;
}

/**
 * The address form of product.md §5, for adding and editing. The PIN code comes first: once it is six digits,
 * pin_code_lookup chooses its state (the shopper may still change it) and the city becomes a text input suggesting the
 * PIN code's district and towns and the state's seeded cities; an unknown PIN code is said beside the field. Until then
 * the city is a select of the state's seeded cities, disabled until a state is chosen and emptied and reloaded when
 * the state changes. A typed name equal to a seeded city of the state is sent as that city's id, any other as text.
 * While sending, every input is disabled and the button reads SUBMITTING... Once saved, the form stays disabled while
 * the page redirects, so a second click cannot save twice.
 */
export function AddressForm({
  mode,
  defaultValues = EMPTY_ADDRESS,
  onSave,
  failureText,
  digitsOnlyPhone = false,
  submitLabel,
  secondaryAction,
}: AddressFormProps) {
  const ids = useId();
  const schema = mode === 'add' ? addAddressFormSchema : editAddressFormSchema;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues });
  const states = useStates();
  const stateValue = watch('state');
  const stateId = ID_TEXT.test(stateValue) ? Number(stateValue) : null;
  const cities = useCities(stateId);
  const lookup = usePinCodeLookup(watch('pin_code'));
  const place = lookup.data;
  const pinRefusal = lookupRefusal(lookup.error);
  // The city is typed once a PIN code has been looked up, or when the saved address names a town.
  const [cityTyped, setCityTyped] = useState(() => defaultValues.city !== '' && !ID_TEXT.test(defaultValues.city));
  const placedPin = useRef<string | null>(null);
  const [saved, setSaved] = useState(false);
  const locked = isSubmitting || saved;

  // A PIN code looked up for the first time chooses its state, and makes the city a typed name: the chosen seeded
  // city's (once the list has its name), else what was typed.
  useEffect(() => {
    if (!place || placedPin.current === place.pin_code) return;
    const city = getValues('city');
    const chosenId = ID_TEXT.test(city);
    if (chosenId && cities.data === undefined && !cities.isError) return;
    placedPin.current = place.pin_code;
    if (chosenId) setValue('city', cities.data?.find((option) => String(option.city_id) === city)?.city_name ?? '');
    if (place.state_id !== null && String(place.state_id) !== getValues('state')) {
      setValue('state', String(place.state_id));
      clearErrors('state');
    }
    setCityTyped(true);
  }, [place, cities.data, cities.isError, getValues, setValue, clearErrors]);

  // A select shows its value only once that option exists: put the saved state and city back when their
  // options arrive (the edit form starts with both chosen).
  useEffect(() => {
    if (states.data) setValue('state', getValues('state'));
  }, [states.data, setValue, getValues]);
  useEffect(() => {
    if (cities.data) setValue('city', getValues('city'));
  }, [cities.data, setValue, getValues]);

  const submit = async (values: AddressFormOutput) => {
    if (cityTyped && typeof values.city === 'number') {
      // Digits typed as a town: no town is named so, and an id is the select's alone.
      setError('city', { message: TOWN_TEXTS.missing });
      return;
    }
    const seeded = typeof values.city === 'string' ? seededCityNamed(cities.data, values.city) : undefined;
    try {
      await onSave(seeded ? { ...values, city: seeded.city_id } : values);
      setSaved(true);
    } catch (error) {
      let fieldErrorShown = false;
      if (error instanceof ApiError) {
        for (const name of FIELD_NAMES) {
          const [message] = error.errors[name] ?? [];
          if (message) {
            setError(name, { message });
            fieldErrorShown = true;
          }
        }
      }
      if (!fieldErrorShown) setError('root.server', { message: failureText(error) });
    }
  };

  const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key.length === 1 && !/[0-9]/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
    }
  };

  const field = (name: keyof AddressFormValues) => {
    const invalid = errors[name] !== undefined;
    return {
      id: `${ids}-${name}`,
      className: `form-control${invalid ? ' is-invalid' : ''}`,
      'aria-invalid': invalid,
      'aria-describedby': invalid ? `${ids}-${name}-error` : undefined,
    };
  };
  const fieldError = (name: keyof AddressFormValues) =>
    errors[name] ? (
      <div id={`${ids}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]?.message}
      </div>
    ) : null;
  /**
   * The PIN and phone hints of product.md §5 stay under their fields; a field error that says the same turns the hint red
   * instead of repeating it, any other error is added below it.
   */
  const hinted = (name: 'pin_code' | 'phone_number', hint: string) => {
    const message = errors[name]?.message;
    const otherError = message !== undefined && message !== hint;
    return {
      describedBy: `${ids}-${name}-hint${otherError ? ` ${ids}-${name}-error` : ''}`,
      notes: (
        <>
          <div id={`${ids}-${name}-hint`} className={`address-form__hint${message === hint ? ' text-danger' : ''}`}>
            {hint}
          </div>
          {otherError && fieldError(name)}
        </>
      ),
    };
  };
  const pinCode = hinted('pin_code', ADDRESS_TEXTS.pinHint);
  const phoneNumber = hinted('phone_number', ADDRESS_TEXTS.phoneHint);
  // pin_code_lookup's refusal of the PIN code, unless the form already says the same beside the field.
  const pinLookupError = pinRefusal !== undefined && pinRefusal !== errors.pin_code?.message ? pinRefusal : undefined;
  const pinInvalid = errors.pin_code !== undefined || pinLookupError !== undefined;
  const suggestions = cityTyped ? citySuggestions(place?.district, place?.towns ?? [], cities.data) : [];
  const optional = mode === 'edit' ? ' (optional)' : '';

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="address-form" aria-busy={isSubmitting}>
      <fieldset disabled={locked} className="address-form__grid">
        <legend className="visually-hidden">Address</legend>
        <div>
          <label htmlFor={`${ids}-first_name`} className="form-label">
            First name
          </label>
          <input type="text" autoComplete="given-name" {...field('first_name')} {...register('first_name')} />
          {fieldError('first_name')}
        </div>
        <div>
          <label htmlFor={`${ids}-last_name`} className="form-label">
            Last name
          </label>
          <input type="text" autoComplete="family-name" {...field('last_name')} {...register('last_name')} />
          {fieldError('last_name')}
        </div>
        <div className="address-form__wide">
          <label htmlFor={`${ids}-address`} className="form-label">
            Address
          </label>
          <textarea rows={3} autoComplete="street-address" {...field('address')} {...register('address')} />
          {fieldError('address')}
        </div>
        <div>
          <label htmlFor={`${ids}-pin_code`} className="form-label">
            Pin code{optional}
          </label>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            {...field('pin_code')}
            className={`form-control${pinInvalid ? ' is-invalid' : ''}`}
            aria-invalid={pinInvalid}
            aria-describedby={`${pinCode.describedBy}${pinLookupError ? ` ${ids}-pin_code-lookup` : ''}`}
            {...register('pin_code')}
          />
          {pinCode.notes}
          {pinLookupError && (
            <div id={`${ids}-pin_code-lookup`} className="invalid-feedback d-block">
              {pinLookupError}
            </div>
          )}
          <div className="address-form__hint" aria-live="polite">
            {place ? `${place.district}, ${place.state_name}` : ''}
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-state`} className="form-label">
            State
          </label>
          <select
            {...field('state')}
            className={`form-select${errors.state ? ' is-invalid' : ''}`}
            {...register('state', { onChange: () => (cityTyped ? undefined : setValue('city', '')) })}
          >
            <option value="">{states.isPending ? 'Loading states…' : 'Select a state'}</option>
            {states.data?.map((state) => (
              <option key={state.state_id} value={String(state.state_id)}>
                {state.state_name}
              </option>
            ))}
          </select>
          {states.isError && <div className="address-form__hint text-danger">The states could not be loaded.</div>}
          {fieldError('state')}
        </div>
        <div>
          <label htmlFor={`${ids}-city`} className="form-label">
            City
          </label>
          {cityTyped ? (
            <>
              <input
                type="text"
                autoComplete="address-level2"
                list={`${ids}-city-suggestions`}
                {...field('city')}
                aria-describedby={`${ids}-city-hint${errors.city ? ` ${ids}-city-error` : ''}`}
                {...register('city')}
              />
              <datalist id={`${ids}-city-suggestions`}>
                {suggestions.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <div id={`${ids}-city-hint`} className="address-form__hint">
                Type your town or city, or pick one of the suggestions.
              </div>
            </>
          ) : (
            <>
              <select
                {...field('city')}
                className={`form-select${errors.city ? ' is-invalid' : ''}`}
                aria-describedby={`${ids}-city-hint${errors.city ? ` ${ids}-city-error` : ''}`}
                disabled={stateId === null || locked}
                {...register('city')}
              >
                <option value="">
                  {stateId === null ? 'Choose a state first' : cities.isPending ? 'Loading cities…' : 'Select a city'}
                </option>
                {cities.data?.map((city) => (
                  <option key={city.city_id} value={String(city.city_id)}>
                    {city.city_name}
                  </option>
                ))}
              </select>
              <div id={`${ids}-city-hint`} className="address-form__hint">
                Not in the list? Enter your PIN code to type your town.
              </div>
            </>
          )}
          {cities.isError && <div className="address-form__hint text-danger">The cities could not be loaded.</div>}
          {fieldError('city')}
        </div>
        <div>
          <label htmlFor={`${ids}-phone_number`} className="form-label">
            Phone number{optional}
          </label>
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            onKeyDown={digitsOnlyPhone ? blockNonDigits : undefined}
            {...field('phone_number')}
            aria-describedby={phoneNumber.describedBy}
            {...register('phone_number')}
          />
          {phoneNumber.notes}
        </div>
        <div className="address-form__wide">
          <label htmlFor={`${ids}-email_id`} className="form-label">
            E-mail{optional}
          </label>
          <input type="email" autoComplete="email" {...field('email_id')} {...register('email_id')} />
          {fieldError('email_id')}
        </div>
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} className="mt-3 mb-0" />
      <div className="address-form__actions">
        <button type="submit" className="btn btn-primary" disabled={locked}>
          {isSubmitting ? ADDRESS_TEXTS.submitting : submitLabel}
        </button>
        {secondaryAction}
      </div>
    </form>
  );
}
