import { type TrackedOrder, TrackOrderRequest } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost, errorMessage } from '#storefront/lib/api.ts';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ShipmentTimeline } from './ShipmentTimeline';
import '../orders.css';

type TrackFields = 'order_id' | 'phone_number';
const FIELDS: readonly TrackFields[] = ['order_id', 'phone_number'];

/**
 * /track's form: an order's number and the phone number of its delivery address answer where the order and its
 * parcel stand (track_order), without logging in. Checked in the browser with the server's own rules; a field the
 * server refuses is marked on that field, and a wrong pair gets the server's one message for both.
 */
export function TrackOrderForm() {
  const track = useMutation({ mutationFn: (body: TrackOrderRequest) => apiPost('track_order', body) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(TrackOrderRequest, { defaultValues: { order_id: '', phone_number: '' } });

  const onSubmit = async (body: TrackOrderRequest) => {
    try {
      await track.mutateAsync(body);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const field of FIELDS) {
        const [first] = error.errors[field] ?? [];
        if (first) setError(field, { message: first });
      }
    }
  };

  // Plain elements with Bootstrap's classes: react-bootstrap's form parts here would be a fourth page sharing them,
  // which moves them into the chunk every public page loads (vite.config.ts's `shared` group, budget.test.ts).
  const field = (name: TrackFields) => ({
    ...register(name),
    id: `track-${name}`,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': errors[name] ? `track-${name}-error` : undefined,
  });
  const feedback = (name: TrackFields) =>
    errors[name] && (
      <div className="invalid-feedback" id={`track-${name}-error`}>
        {errors[name]?.message}
      </div>
    );

  return (
    <div className="track-order">
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Track your order">
        <p>Enter your order number (in your order e-mail) and the phone number you gave for delivery.</p>
        <div className="row g-3">
          <div className="col-sm-6">
            <label className="form-label" htmlFor="track-order_id">
              Order number
            </label>
            <input type="text" inputMode="numeric" autoComplete="off" {...field('order_id')} />
            {feedback('order_id')}
          </div>
          <div className="col-sm-6">
            <label className="form-label" htmlFor="track-phone_number">
              Phone number
            </label>
            <input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              {...field('phone_number')}
            />
            {feedback('phone_number')}
          </div>
        </div>
        <button type="submit" className="btn btn-primary mt-3 px-4" disabled={isSubmitting}>
          {isSubmitting ? 'Looking…' : 'Track'}
        </button>
      </form>
      {track.isError && (
        <div className="alert alert-danger mt-3" role="alert">
          {errorMessage(track.error)}
        </div>
      )}
      {track.isSuccess && <TrackedOrderView order={track.data.data} />}
    </div>
  );
}

function TrackedOrderView({ order }: { order: TrackedOrder }) {
  return (
    <div className="track-order__result" aria-live="polite">
      <div className="order-detail__head">
        <h2 className="order-detail__title">Order #{order.order_id}</h2>
        <OrderStatusBadge status={order.status} />
      </div>
      {order.shipment ? (
        <ShipmentTimeline shipment={order.shipment} />
      ) : (
        <p>Your order has not been handed to the courier yet. We will send you the tracking details when it is.</p>
      )}
    </div>
  );
}
