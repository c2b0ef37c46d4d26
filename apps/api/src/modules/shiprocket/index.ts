// The shiprocket module's public surface: the courier port, its Shiprocket adapter and the plugin choosing it.
export {
  COURIER_STATUSES,
  type Courier,
  CourierError,
  type CourierOption,
  type CourierStatus,
  type CreatedShipment,
  type CreateReturnInput,
  type CreateShipmentInput,
  type NdrAction,
  type NdrShipment,
  type ParcelSize,
  type ParsedWebhook,
  parseTrackingWebhook,
  type Serviceability,
  type ShipmentItem,
  type TrackingUpdate,
} from './courier';
export { type CourierSetup, courierMode, courierPlugin, usesRealShiprocket } from './shiprocket.plugin';
