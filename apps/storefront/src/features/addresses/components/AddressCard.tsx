import type { SavedAddress } from '@kapaas/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../addresses.css';

interface AddressCardProps {
  address: SavedAddress;
  /** The Active (selected, default) address is highlighted. */
  highlighted: boolean;
  /** The choice control at the top of the card: a radio on the billing page, Default Address / Make Default on the profile. */
  choice: ReactNode;
  /** Where Edit leads: /Billingedit/{id} or /Myprofileedit/{id}. */
  editTo: string;
  onRemove: () => void;
  removing?: boolean;
}

/** One saved address with its choice control, Edit and Remove (product.md §2, Billing address and Profile). */
export function AddressCard({ address, highlighted, choice, editTo, onRemove, removing = false }: AddressCardProps) {
  const fullName = `${address.first_name} ${address.last_name}`.trim();
  return (
    <li className={`address-card${highlighted ? ' address-card--active' : ''}`}>
      <div className="address-card__choice">{choice}</div>
      <address className="address-card__body">
        <span className="address-card__line">{address.address}</span>
        <span className="address-card__line">
          {address.city_name}, {address.state_name} – {address.pin_code}
        </span>
        <span className="address-card__line">Phone: {address.phone_number}</span>
        <span className="address-card__line address-card__email">{address.email_id}</span>
      </address>
      <div className="address-card__actions">
        <Link to={editTo} className="btn btn-sm btn-outline-primary" aria-label={`Edit address of ${fullName}`}>
          Edit
        </Link>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove address of ${fullName}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
