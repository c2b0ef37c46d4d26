// The addresses module's public surface: what app.ts and other modules may use.

export { type AddressSnapshot, addressSnapshotOf } from './addresses.repository';
export { addressRoutes } from './addresses.routes';
export { adoptGuestAddresses } from './addresses.service';
export { deleteAddressesOf } from './erasure';
