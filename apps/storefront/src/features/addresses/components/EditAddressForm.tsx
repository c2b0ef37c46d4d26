import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { ADDRESS_TEXTS } from '../addressTexts';
import { useAddressDetails } from '../api/useAddressDetails';
import { useUpdateAddress } from '../api/useSaveAddress';
import { AddressForm } from './AddressForm';

interface EditAddressFormProps {
  addressId: number;
  /** Called once the server has saved the change. */
  onUpdated: (message: string) => void;
  /** The profile variant lets only digits be typed into the phone field (product.md §5). */
  digitsOnlyPhone?: boolean;
  secondaryAction?: ReactNode;
}

function fetchFailureText(error: unknown): string {
  return error instanceof ApiError && error.status !== 0
    ? `Failed to fetch address details: ${error.message}`
    : `Error fetching address details: ${errorMessage(error)}`;
}

/** The edit-address form of product.md §5, filled from edit_address. */
export function EditAddressForm({ addressId, onUpdated, digitsOnlyPhone, secondaryAction }: EditAddressFormProps) {
  const details = useAddressDetails(addressId);
  const update = useUpdateAddress();

  if (details.isPending) return <LoadingState label="Loading the address" />;
  if (details.isError) return <Alert variant="danger">{fetchFailureText(details.error)}</Alert>;

  const saved = details.data;
  return (
    <AddressForm
      mode="edit"
      submitLabel="Update Address"
      digitsOnlyPhone={digitsOnlyPhone}
      secondaryAction={secondaryAction}
      defaultValues={{
        first_name: saved.first_name,
        last_name: saved.last_name,
        address: saved.address,
        state: String(saved.state),
        city: String(saved.city),
        pin_code: saved.pin_code,
        email_id: saved.email_id,
        phone_number: saved.phone_number,
      }}
      failureText={(error) => (error instanceof ApiError && error.message ? error.message : errorMessage(error))}
      onSave={async (values) => {
        await update.mutateAsync({ address_id: addressId, ...values });
        onUpdated(ADDRESS_TEXTS.updated);
      }}
    />
  );
}
