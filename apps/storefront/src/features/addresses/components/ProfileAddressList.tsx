import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { ADDRESS_TEXTS } from '../addressTexts';
import { useAddressBook } from '../hooks/useAddressBook';
import { AddressCard } from './AddressCard';
import '../addresses.css';
import { paths } from '#storefront/lib/paths.ts';

/** The profile's address cards (product.md §2): 'Default Address' on the Active one, 'Make Default' on the others. */
export function ProfileAddressList() {
  const book = useAddressBook('profile');
  const { list, addresses, activeId } = book;

  if (list.isPending && list.fetchStatus !== 'idle') return <LoadingState label="Loading your addresses" />;
  if (list.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
        <span className="me-auto">{ADDRESS_TEXTS.loadFailed}</span>
        <Button variant="outline-danger" size="sm" onClick={() => list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (addresses.length === 0) return <p className="address-empty">{ADDRESS_TEXTS.empty}</p>;

  return (
    <ul className="address-list" aria-label="Saved addresses">
      {addresses.map((address) => {
        const isDefault = address.address_id === activeId;
        const fullName = `${address.first_name} ${address.last_name}`.trim();
        return (
          <AddressCard
            key={address.address_id}
            address={address}
            highlighted={isDefault}
            editTo={paths.profileAddressEdit(address.address_id)}
            onRemove={() => book.remove(address.address_id)}
            removing={book.removingId === address.address_id}
            choice={
              <>
                <span className="address-card__name">{fullName}</span>
                {isDefault ? (
                  <span className="address-card__badge">Default Address</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-link address-card__make-default"
                    onClick={() => book.choose(address.address_id)}
                    aria-label={`Make Default: ${fullName}`}
                  >
                    Make Default
                  </button>
                )}
              </>
            }
          />
        );
      })}
    </ul>
  );
}
