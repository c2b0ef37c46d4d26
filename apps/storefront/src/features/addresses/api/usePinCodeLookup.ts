import { PIN_CODE_PATTERN } from '@kapaas/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/**
 * pin_code_lookup for the PIN code being typed: idle until it is six digits that can be a PIN code, then its state,
 * district and towns. India Post's directory does not change while the shop runs, so an answer stays fresh.
 */
export function usePinCodeLookup(pinCode: string) {
  const pin = pinCode.trim();
  const valid = PIN_CODE_PATTERN.test(pin);
  return useQuery({
    queryKey: ['addresses', 'pin_code', pin],
    queryFn: valid ? ({ signal }) => apiPost('pin_code_lookup', { pin_code: pin }, { signal }) : skipToken,
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
