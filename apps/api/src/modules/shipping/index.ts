// The shipping module's public surface (ADR 044): parcels booked with a courier, their tracking, and what it does
// to the order. It alone writes shipments and shipment_events.
export { type BookingDeps, courierRefusal, shipWithCourier } from './booking';
export { anonymiseShipmentsOf } from './erasure';
export { courierLabelPdf, type LabelDeps, type PdfFile, printLabelsAndSlips } from './labels';
export { actOnFailedDelivery, type ListedShipment, listShipments } from './ndr';
export { shipmentAnswerRoutes } from './ndr-response.routes';
export { bookReturnPickup, returnPickupOf } from './pickup';
export { forwardShipmentOf, hasParcel, type ShipmentRow } from './shipping.repository';
export { shipmentForShopper } from './shopper-view';
export { applyTrackingUpdate, type TrackingOutcome, type TrackingUpdate } from './track.service';
export { type ShipmentState, shipmentStateOf, type TrackingEvent } from './tracking';
export { shippingWebhookRoutes } from './webhook.routes';
