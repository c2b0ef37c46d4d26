import { useEffect, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { ADDRESS_TEXTS } from '../addressTexts';
import { useAddressBook } from '../hooks/useAddressBook';
import { AddressCard } from './AddressCard';
import '../addresses.css';
import { paths } from '#storefront/lib/paths.ts';

interface AddressChooserProps {
  /** Told the selected (Active) address id whenever it changes; null while there is none. */
  onSelectedChange: (addressId: number | null) => void;
}

/**
 * The billing page's delivery address list (product.md §2, §4): cards with Remove and Edit, the selected one
 * highlighted; choosing a card makes it the Active address on the server; Add New Address.
 */
export function AddressChooser({ onSelectedChange }: AddressChooserProps) {
  const groupName = useId();
  const book = useAddressBook('billing');
  const { list, addresses, activeId } = book;

  useEffect(() => {
    onSelectedChange(activeId);
  }, [activeId, onSelectedChange]);

  return (
    <section className="address-chooser" aria-labelledby={`${groupName}-title`}>
      <div className="address-chooser__head">
        <h2 id={`${groupName}-title`} className="address-chooser__title">
          Delivery address
        </h2>
        <Link to={paths.billingAddressForm} className="btn btn-outline-primary btn-sm">
          Add New Address
        </Link>
      </div>
      {list.isPending && list.fetchStatus !== 'idle' ? (
        <LoadingState label="Loading your addresses" />
      ) : list.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
          <span className="me-auto">{ADDRESS_TEXTS.loadFailed}</span>
          <Button variant="outline-danger" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : addresses.length === 0 ? (
        <p className="address-empty">{ADDRESS_TEXTS.empty}</p>
      ) : (
        <ul className="address-list" aria-label="Saved addresses">
          {addresses.map((address) => {
            const selected = address.address_id === activeId;
            const fullName = `${address.first_name} ${address.last_name}`.trim();
            return (
              <AddressCard
                key={address.address_id}
                address={address}
                highlighted={selected}
                editTo={paths.billingAddressEdit(address.address_id)}
                onRemove={() => book.remove(address.address_id)}
                removing={book.removingId === address.address_id}
                choice={
                  <label className="address-card__radio">
                    <input
                      type="radio"
                      className="form-check-input"
                      name={groupName}
                      checked={selected}
                      onChange={() => book.choose(address.address_id)}
                    />
                    <span className="address-card__name">{fullName}</span>
                    {selected && <span className="address-card__badge">Selected</span>}
                  </label>
                }
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
