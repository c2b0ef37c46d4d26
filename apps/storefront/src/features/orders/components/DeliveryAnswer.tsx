import { type ShipmentNdrDetails, ShipmentNdrResponseRequest } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, apiPost, errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import '../orders.css';

type AnswerFields = 'date' | 'phone' | 'address';
const FIELDS: readonly AnswerFields[] = ['date', 'phone', 'address'];

/** "Sun, 29 Nov": a day of India's calendar as the shopper reads it. */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * /delivery-answer?token=…: the undelivered message's link (issue 33). Without logging in, the shopper sees which
 * parcel the courier could not deliver and why (shipment_ndr_details), then asks for another attempt on one of the
 * next days, or gives a corrected phone number or address (shipment_ndr_response). The link's token is the only
 * authority; a link that is bad, expired or no longer needed says so instead of the form.
 */
export function DeliveryAnswer({ token }: { token: string }) {
  const details = useQuery({
    queryKey: ['shipment_ndr_details', token],
    queryFn: () => apiPost('shipment_ndr_details', { token }),
    enabled: token !== '',
    retry: false,
  });
  if (token === '') {
    return (
      <p className="alert alert-warning" role="alert">
        This link is incomplete. Please open it from the message we sent you about your parcel.
      </p>
    );
  }
  if (details.isError) {
    return (
      <div className="delivery-answer">
        <p className="alert alert-warning" role="alert">
          {errorMessage(details.error)}
        </p>
        <p>
          You can see where your parcel is on <Link to={paths.trackOrder}>Track your order</Link>.
        </p>
      </div>
    );
  }
  if (!details.data) return <p role="status">Looking up your parcel…</p>;
  return <DeliveryAnswerForm token={token} parcel={details.data.data} />;
}

function DeliveryAnswerForm({ token, parcel }: { token: string; parcel: ShipmentNdrDetails }) {
  const answer = useMutation({
    mutationFn: (body: ShipmentNdrResponseRequest) => apiPost('shipment_ndr_response', body),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ShipmentNdrResponseRequest, {
    defaultValues: { token, date: parcel.dates[0] ?? '', phone: '', address: '' },
  });
  const onSubmit = async (body: ShipmentNdrResponseRequest) => {
    try {
      await answer.mutateAsync(body);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const field of FIELDS) {
        const [first] = error.errors[field] ?? [];
        if (first) setError(field, { message: first });
      }
    }
  };
  if (answer.isSuccess) {
    return (
      <p className="alert alert-success delivery-answer" role="status">
        {answer.data.message}
      </p>
    );
  }
  const describedBy = (name: AnswerFields) => (errors[name] ? `answer-${name}-error` : undefined);
  const feedback = (name: AnswerFields) =>
    errors[name] && (
      <div className="invalid-feedback d-block" id={`answer-${name}-error`}>
        {errors[name]?.message}
      </div>
    );
  const input = (name: 'phone' | 'address') => ({
    ...register(name),
    id: `answer-${name}`,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': describedBy(name),
  });

  return (
    <div className="delivery-answer">
      <p>
        {parcel.courier_name ?? 'The courier'} could not deliver order #{parcel.order_id} (AWB {parcel.awb})
        {parcel.reason ? `: “${parcel.reason}”` : ''}.
      </p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Arrange the delivery">
        <fieldset aria-invalid={errors.date !== undefined} aria-describedby={describedBy('date')}>
          <legend className="form-label delivery-answer__legend">When should the courier come again?</legend>
          {parcel.dates.map((day) => (
            <div className="form-check" key={day}>
              <input
                className="form-check-input"
                type="radio"
                id={`answer-date-${day}`}
                value={day}
                {...register('date')}
              />
              <label className="form-check-label" htmlFor={`answer-date-${day}`}>
                {dayLabel(day)}
              </label>
            </div>
          ))}
          {feedback('date')}
        </fieldset>
        <div className="mt-3">
          <label className="form-label" htmlFor="answer-phone">
            Phone number for the courier (if it changed)
          </label>
          <input type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} {...input('phone')} />
          {feedback('phone')}
        </div>
        <div className="mt-3">
          <label className="form-label" htmlFor="answer-address">
            Corrected address (if it was wrong or incomplete)
          </label>
          <textarea rows={3} maxLength={200} autoComplete="street-address" {...input('address')} />
          {feedback('address')}
        </div>
        <button type="submit" className="btn btn-primary mt-3 px-4" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Ask for another attempt'}
        </button>
      </form>
      {answer.isError && !FIELDS.some((field) => errors[field]) && (
        <div className="alert alert-danger mt-3" role="alert">
          {errorMessage(answer.error)}
        </div>
      )}
    </div>
  );
}
