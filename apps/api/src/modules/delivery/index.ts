// The delivery module's public surface: PIN codes, shipping zones and delivery dates (ADR 033).

export {
  type CodCase,
  type CodTerms,
  codAdvanceOf,
  codLimitRefusal,
  codRefusal,
  lockCodCase,
  RTO_BLOCK_DAYS,
} from './cod';
export { deliveryTermsOf, zoneTermsOf } from './delivery.repository';
export { deliveryRoutes } from './delivery.routes';
export {
  checkDelivery,
  codOfferedAt,
  type DeliveryQuote,
  NOT_DELIVERED,
  quoteDelivery,
  UNKNOWN_PIN_CODE,
} from './delivery.service';
export { type Cutoff, type DeliveryWindow, deliveryWindow, formatDeliveryBy } from './delivery-date';
export { isPinCode, type PinCodeInfo, pinCodeCount, pinCodeInfo } from './pincodes';
export { shippingFor, ZONES, type Zone, type ZoneTerms, zoneOf } from './zones';
