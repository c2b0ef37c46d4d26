import type { ReactNode } from 'react';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';
import { ADDRESS_TEXTS } from '../addressTexts';
import { useAddAddress } from '../api/useSaveAddress';
import { AddressForm } from './AddressForm';

interface AddAddressFormProps {
  /** Called with the server's message once the address is saved. */
  onAdded: (message: string) => void;
  secondaryAction?: ReactNode;
}

/** The server's message or 'Failed to add address.'; an unanswered request reads 'An error occurred: ...' (product.md §8). */
function addFailureText(error: unknown): string {
  if (serverAnswered(error)) return serverMessage(error) ?? ADDRESS_TEXTS.addFailed;
  const reason = error instanceof Error ? error.message : String(error);
  return `An error occurred: ${reason}`;
}

/** The add-address form of product.md §5 (billing and profile). */
export function AddAddressForm({ onAdded, secondaryAction }: AddAddressFormProps) {
  const add = useAddAddress();
  return (
    <AddressForm
      mode="add"
      submitLabel="Save Address"
      failureText={addFailureText}
      secondaryAction={secondaryAction}
      onSave={async (values) => {
        const answer = await add.mutateAsync({
          ...values,
          pin_code: values.pin_code ?? '',
          email_id: values.email_id ?? '',
          phone_number: values.phone_number ?? '',
        });
        onAdded(answer.message);
      }}
    />
  );
}
