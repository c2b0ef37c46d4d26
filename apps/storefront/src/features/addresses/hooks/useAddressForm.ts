import { TOWN_TEXTS } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '#storefront/lib/api.ts';
import {
  type AddressFormOutput,
  type AddressFormValues,
  addAddressFormSchema,
  editAddressFormSchema,
  FIELD_NAMES,
  ID_TEXT,
  lookupRefusal,
  seededCityNamed,
} from '../addressForm';
import { usePinCodeLookup } from '../api/usePinCodeLookup';
import { useCities, useStates } from '../api/useStatesAndCities';

type AddressFormApi = UseFormReturn<AddressFormValues, unknown, AddressFormOutput>;
type CityList = ReturnType<typeof useCities>;

export interface AddressFormSettings {
  mode: 'add' | 'edit';
  defaultValues: AddressFormValues;
  /** Saves the checked values; a rejection's field errors appear beside their fields, its message above the button. */
  onSave: (values: AddressFormOutput) => Promise<void>;
  /** The text shown when saving failed for a reason other than a field. */
  failureText: (error: unknown) => string;
}

/**
 * The PIN code's place (pin_code_lookup's answer or refusal), and whether the city is typed: once a PIN code has been
 * looked up, or when the saved address names a town.
 */
function usePinCodePlace(form: AddressFormApi, cities: CityList, savedCity: string) {
  const { getValues, setValue, clearErrors, watch } = form;
  const lookup = usePinCodeLookup(watch('pin_code'));
  const place = lookup.data;
  const [cityTyped, setCityTyped] = useState(() => savedCity !== '' && !ID_TEXT.test(savedCity));
  const placedPin = useRef<string | null>(null);

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

  return { place, pinRefusal: lookupRefusal(lookup.error), cityTyped };
}

/** A select shows its value only once that option exists: the saved state and city are put back when theirs arrive. */
function useSelectsRestored(form: AddressFormApi, states: unknown, cities: unknown) {
  const { getValues, setValue } = form;
  useEffect(() => {
    if (states) setValue('state', getValues('state'));
  }, [states, setValue, getValues]);
  useEffect(() => {
    if (cities) setValue('city', getValues('city'));
  }, [cities, setValue, getValues]);
}

/**
 * Saving: a typed name equal to a seeded city of the state is sent as that city's id, any other as text. The server's
 * field errors go beside their fields, any other failure above the button. Once saved the form stays locked.
 */
function useAddressSave(form: AddressFormApi, settings: AddressFormSettings, cityTyped: boolean, cities: CityList) {
  const [saved, setSaved] = useState(false);
  const { setError } = form;

  const submit = async (values: AddressFormOutput) => {
    if (cityTyped && typeof values.city === 'number') {
      // Digits typed as a town: no town is named so, and an id is the select's alone.
      setError('city', { message: TOWN_TEXTS.missing });
      return;
    }
    const seeded = typeof values.city === 'string' ? seededCityNamed(cities.data, values.city) : undefined;
    try {
      await settings.onSave(seeded ? { ...values, city: seeded.city_id } : values);
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
      if (!fieldErrorShown) setError('root.server', { message: settings.failureText(error) });
    }
  };
  return { submit, saved };
}

/**
 * The address form's state (product.md §5): its values checked by the add or edit rules, the state and city lists,
 * the PIN code's place, and saving. While sending, and once saved while the page redirects, the form is locked.
 */
export function useAddressForm(settings: AddressFormSettings) {
  const schema = settings.mode === 'add' ? addAddressFormSchema : editAddressFormSchema;
  const form: AddressFormApi = useZodForm(schema, { defaultValues: settings.defaultValues });
  const states = useStates();
  const stateValue = form.watch('state');
  const stateId = ID_TEXT.test(stateValue) ? Number(stateValue) : null;
  const cities = useCities(stateId);
  const { place, pinRefusal, cityTyped } = usePinCodePlace(form, cities, settings.defaultValues.city);
  useSelectsRestored(form, states.data, cities.data);
  const { submit, saved } = useAddressSave(form, settings, cityTyped, cities);
  return {
    form,
    states,
    stateId,
    cities,
    place,
    pinRefusal,
    cityTyped,
    submit,
    locked: form.formState.isSubmitting || saved,
  };
}

export type AddressFormState = ReturnType<typeof useAddressForm>;
