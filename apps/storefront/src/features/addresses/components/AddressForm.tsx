import { FormOutcome } from '@kapaas/web-kit';
import { controlAria, Field, TextareaField, TextField } from '@kapaas/web-kit/form';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import {
  type AddressFormOutput,
  type AddressFormValues,
  citySuggestions,
  EMPTY_ADDRESS,
  pinCodeError,
} from '../addressForm';
import { ADDRESS_TEXTS } from '../addressTexts';
import { type AddressFormState, useAddressForm } from '../hooks/useAddressForm';
import '../addresses.css';

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

const CITY_HINTS = {
  typed: 'Type your town or city, or pick one of the suggestions.',
  chosen: 'Not in the list? Enter your PIN code to type your town.',
};

function blockNonDigits(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key.length === 1 && !/[0-9]/.test(event.key) && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
  }
}

/** A field of the form's grid, and the form's state it reads. */
interface AddressFieldProps {
  id: string;
  address: AddressFormState;
}

/**
 * The PIN code, with the product's hint under it; an error that says the same turns the hint red instead of repeating
 * it. pin_code_lookup's refusal of the PIN code is said there too, and the place it names below.
 */
function PinCodeField({ id, address, label }: AddressFieldProps & { label: string }) {
  const { register, formState } = address.form;
  const place = address.place;
  return (
    <div>
      <TextField
        id={id}
        label={label}
        help={ADDRESS_TEXTS.pinHint}
        error={pinCodeError(formState.errors.pin_code?.message, address.pinRefusal)}
        fieldClassName=""
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        {...register('pin_code')}
      />
      <div className="address-form__hint" aria-live="polite">
        {place ? `${place.district}, ${place.state_name}` : ''}
      </div>
    </div>
  );
}

/** The state, chosen from state_list; choosing another empties a chosen (not a typed) city. */
function StateField({ id, address }: AddressFieldProps) {
  const { register, setValue, formState } = address.form;
  const { states } = address;
  const error = formState.errors.state?.message;
  return (
    <Field id={id} label="State" error={error} className="">
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        {...controlAria(id, error)}
        {...register('state', { onChange: () => (address.cityTyped ? undefined : setValue('city', '')) })}
      >
        <option value="">{states.isPending ? 'Loading states…' : 'Select a state'}</option>
        {states.data?.map((state) => (
          <option key={state.state_id} value={String(state.state_id)}>
            {state.state_name}
          </option>
        ))}
      </select>
      {states.isError && <div className="address-form__hint text-danger">The states could not be loaded.</div>}
    </Field>
  );
}

/**
 * The city: once the PIN code is looked up (or the saved address names a town) a text input suggesting the PIN code's
 * district and towns and the state's seeded cities; until then a select of the state's seeded cities, disabled until a
 * state is chosen.
 */
function CityField({ id, address }: AddressFieldProps) {
  const { register, formState } = address.form;
  const { cities, stateId, place } = address;
  const error = formState.errors.city?.message;
  const help = address.cityTyped ? CITY_HINTS.typed : CITY_HINTS.chosen;
  const control = {
    id,
    className: `${address.cityTyped ? 'form-control' : 'form-select'}${error ? ' is-invalid' : ''}`,
  };
  return (
    <Field id={id} label="City" error={error} help={help} className="">
      {address.cityTyped ? (
        <>
          <input
            type="text"
            autoComplete="address-level2"
            list={`${id}-suggestions`}
            {...control}
            {...controlAria(id, error, help)}
            {...register('city')}
          />
          <datalist id={`${id}-suggestions`}>
            {citySuggestions(place?.district, place?.towns ?? [], cities.data).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      ) : (
        <select
          {...control}
          {...controlAria(id, error, help)}
          disabled={stateId === null || address.locked}
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
      )}
      {cities.isError && <div className="address-form__hint text-danger">The cities could not be loaded.</div>}
    </Field>
  );
}

/**
 * The address form of product.md §5, for adding and editing, on web-kit's field primitives. The PIN code comes first:
 * once it is six digits, pin_code_lookup chooses its state (the shopper may still change it) and the city becomes a
 * text input (see CityField); an unknown PIN code is said beside the field. While sending, every input is disabled and
 * the button reads SUBMITTING... Once saved, the form stays disabled while the page redirects, so a second click
 * cannot save twice.
 */
export function AddressForm(props: AddressFormProps) {
  const { mode, defaultValues = EMPTY_ADDRESS, onSave, failureText, digitsOnlyPhone = false } = props;
  const ids = useId();
  const address = useAddressForm({ mode, defaultValues, onSave, failureText });
  const { register, handleSubmit, formState } = address.form;
  const { errors, isSubmitting } = formState;
  const id = (name: keyof AddressFormValues) => `${ids}-${name}`;
  const optional = mode === 'edit' ? ' (optional)' : '';

  return (
    <form noValidate onSubmit={handleSubmit(address.submit)} className="address-form" aria-busy={isSubmitting}>
      <fieldset disabled={address.locked} className="address-form__grid">
        <legend className="visually-hidden">Address</legend>
        <TextField
          id={id('first_name')}
          label="First name"
          error={errors.first_name?.message}
          fieldClassName=""
          autoComplete="given-name"
          {...register('first_name')}
        />
        <TextField
          id={id('last_name')}
          label="Last name"
          error={errors.last_name?.message}
          fieldClassName=""
          autoComplete="family-name"
          {...register('last_name')}
        />
        <TextareaField
          id={id('address')}
          label="Address"
          error={errors.address?.message}
          fieldClassName="address-form__wide"
          rows={3}
          autoComplete="street-address"
          {...register('address')}
        />
        <PinCodeField id={id('pin_code')} label={`Pin code${optional}`} address={address} />
        <StateField id={id('state')} address={address} />
        <CityField id={id('city')} address={address} />
        <TextField
          id={id('phone_number')}
          label={`Phone number${optional}`}
          help={ADDRESS_TEXTS.phoneHint}
          error={errors.phone_number?.message}
          fieldClassName=""
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          onKeyDown={digitsOnlyPhone ? blockNonDigits : undefined}
          {...register('phone_number')}
        />
        <TextField
          id={id('email_id')}
          label={`E-mail${optional}`}
          error={errors.email_id?.message}
          fieldClassName="address-form__wide"
          type="email"
          autoComplete="email"
          {...register('email_id')}
        />
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} className="mt-3 mb-0" />
      <div className="address-form__actions">
        <button type="submit" className="btn btn-primary" disabled={address.locked}>
          {isSubmitting ? ADDRESS_TEXTS.submitting : props.submitLabel}
        </button>
        {props.secondaryAction}
      </div>
    </form>
  );
}
