import type { OrderShipment } from '@kapaas/contract';
import { formatIndiaMoment, SHIPMENT_STATUS_LABELS } from '../shipmentTexts';

/**
 * A parcel booked with a courier, as the shopper sees it (order_details, track_order): where it stands, the courier,
 * the AWB and the courier's tracking page, then what the courier said, oldest first, with the time in India and the
 * place.
 */
export function ShipmentTimeline({ shipment }: { shipment: OrderShipment }) {
  return (
    <section className="order-panel shipment" aria-labelledby="shipment-title">
      <h3 className="order-panel__title" id="shipment-title">
        Shipment: {SHIPMENT_STATUS_LABELS[shipment.status]}
      </h3>
      <dl className="shipment__facts">
        {shipment.courier_name && (
          <div>
            <dt>Courier</dt>
            <dd>{shipment.courier_name}</dd>
          </div>
        )}
        <div>
          <dt>AWB</dt>
          <dd className="shipment__awb">{shipment.awb}</dd>
        </div>
      </dl>
      {shipment.tracking_url && (
        <p>
          <a className="btn btn-outline-primary btn-sm" href={shipment.tracking_url} target="_blank" rel="noopener">
            Track on the courier’s site
          </a>
        </p>
      )}
      {shipment.events.length === 0 ? (
        <p className="shipment__empty">The courier has not picked up the parcel yet.</p>
      ) : (
        <ol className="order-timeline" aria-label="Shipment progress">
          {shipment.events.map((event) => (
            <li key={`${event.status}-${event.at}`} className="order-timeline__step">
              <span className="order-timeline__status">{SHIPMENT_STATUS_LABELS[event.status]}</span>
              <time className="order-timeline__time" dateTime={event.at}>
                {formatIndiaMoment(event.at)}
              </time>
              {event.location && <span className="order-timeline__note">{event.location}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
