import {
  AddAddressAnswer,
  AddAddressRequest,
  AddressActiveRequest,
  AddressListAnswer,
  AddressListRequest,
  CityListAnswer,
  CityListRequest,
  DeleteAddressRequest,
  EditAddressAnswer,
  EditAddressRequest,
  ErrorAnswer,
  MessageAnswer,
  PinCodeLookupAnswer,
  PinCodeLookupRequest,
  StateListAnswer,
  StateListRequest,
  UpdateAddressRequest,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import {
  addAddress,
  addressDetails,
  addressList,
  cityList,
  deleteAddress,
  makeActive,
  pinCodeLookup,
  stateList,
  updateAddress,
} from './addresses.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * The address calls of product.md §7, for users and guests alike, keyed by the session's identity.
 * Someone else's address answers 404, as an unknown one does (see addresses.service.ts).
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  lookupRoutes(app, db);
  addressBookRoutes(app, db);
  addressChangeRoutes(app, db);
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The states and cities the address form offers, and what it fills in from a PIN code. */
function lookupRoutes(app: ZodApp, db: Queryable): void {
  app.post(
    '/state_list',
    {
      schema: {
        tags: ['addresses'],
        summary: 'The states and union territories, by name',
        body: StateListRequest,
        response: { 200: StateListAnswer, 400: ErrorAnswer },
      },
    },
    async () => ({ success: true as const, product: await stateList(db) }),
  );

  app.post(
    '/city_list',
    {
      schema: {
        tags: ['addresses'],
        summary: "A state's cities, by name",
        body: CityListRequest,
        response: { 200: CityListAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request) => ({ success: true as const, product: await cityList(db, request.body.state_id) }),
  );

  app.post(
    '/pin_code_lookup',
    {
      schema: {
        tags: ['addresses'],
        summary: "A PIN code's state, district and towns, to fill the address form",
        body: PinCodeLookupRequest,
        response: { 200: PinCodeLookupAnswer, 400: ErrorAnswer },
      },
    },
    async (request) => pinCodeLookup(db, request.body.pin_code),
  );
}

/** Reading the shopper's address book: the list and one address for the edit form. */
function addressBookRoutes(app: ZodApp, db: Queryable): void {
  app.post(
    '/address_list',
    {
      schema: {
        tags: ['addresses'],
        summary: "The shopper's addresses: the Active one first, then the newest",
        body: AddressListRequest,
        response: { 200: AddressListAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      address: await addressList(db, await resolveOwner(request, request.body)),
    }),
  );
}

/** Changing the address book: add, update, delete and choose the Active address. */
function addressChangeRoutes(app: ZodApp, db: Queryable): void {
  app.post(
    '/add_address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Save an address; the first one becomes Active',
        body: AddAddressRequest,
        response: { 200: AddAddressAnswer, ...failures },
      },
    },
    async (request) => {
      const addressId = await addAddress(db, await resolveOwner(request, request.body), request.body);
      return { success: true as const, message: 'Address added successfully.', address_id: addressId };
    },
  );

  app.post(
    '/edit_address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'One of the shopper’s addresses, to fill the edit form',
        body: EditAddressRequest,
        response: { 200: EditAddressAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return { success: true as const, address: await addressDetails(db, owner, request.body.address_id) };
    },
  );

  app.post(
    '/update_address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Change an address; pin code, e-mail and phone left out keep their values',
        body: UpdateAddressRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await updateAddress(db, await resolveOwner(request, request.body), request.body);
      return { success: true as const, message: 'Address updated successfully!' };
    },
  );

  app.post(
    '/delete_address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete an address; when it was Active, the newest remaining one becomes Active',
        body: DeleteAddressRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await deleteAddress(db, await resolveOwner(request, request.body), request.body.address_id);
      return { success: true as const, message: 'Address deleted successfully.' };
    },
  );

  app.post(
    '/address_active',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Make an address the only Active (default) one',
        body: AddressActiveRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await makeActive(db, await resolveOwner(request, request.body), request.body.address_id);
      return { success: true as const, message: 'Default address updated.' };
    },
  );
}
