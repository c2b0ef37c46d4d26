import type { AdminShippingZone } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { SwitchField } from '#admin/components/form/SwitchField.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError } from '#admin/lib/api.ts';
import { showServerErrors } from '#admin/lib/forms.ts';
import { useSaveShippingZone, useShippingZones } from '../api/useShippingZones';
import { daysProblem, type ZoneValues, zoneBody, zoneSchema, zoneValues } from './zoneForm';

/**
 * What shipping costs in each of the four zones, from what order value it is free, how many working days it takes,
 * and whether the zone is delivered to at all (owners only).
 */
export function ShippingZonesPage() {
  const zones = useShippingZones();
  if (zones.isPending) return <LoadingState label="Loading the shipping zones" />;
  if (zones.isError) {
    if (zones.error instanceof ApiError && zones.error.status === 403) {
      return (
        <>
          <PageHeader title="Shipping zones" />
          <Alert variant="info">Only the shop’s owner can see and change the shipping zones.</Alert>
        </>
      );
    }
    return <QueryErrorAlert error={zones.error} onRetry={() => void zones.refetch()} />;
  }
  return (
    <>
      <PageHeader title="Shipping zones" />
      <p className="settings-card text-body-secondary">
        The delivery PIN code decides an order’s zone, in this order: within the shop’s state of registration; then the
        North-East, Jammu &amp; Kashmir, Ladakh and the islands; then the metro cities (Delhi NCR, Mumbai, Kolkata,
        Chennai, Bengaluru, Hyderabad, Pune and Ahmedabad); everywhere else is the rest of India.
      </p>
      <p className="settings-card">
        Changes take effect at once: the cart and checkout charge the zone of the delivery address (free from its
        threshold, on the items after any coupon), and the checkout promises its delivery date. The product page’s
        “Check delivery” promises it too, unless the shop ships with a courier: it then gives the courier’s date for the
        PIN code, and the zone’s only when the courier does not answer. A zone without <strong>Deliver here</strong>{' '}
        takes no orders.
      </p>
      {zones.data.map((zone) => (
        <ZoneForm key={zone.zone} zone={zone} />
      ))}
    </>
  );
}

const HELP = {
  charge: 'What shipping costs for an order to this zone. 0 means free shipping.',
  free_above: 'Orders worth this much or more, after the coupon, ship free. Leave empty to never ship free.',
  min_days: 'Working days after dispatch; shoppers see a “Delivery by” date.',
  max_days: 'Working days after dispatch, at the latest.',
  active: 'Off: orders cannot be delivered to this zone.',
} as const satisfies Record<keyof ZoneValues, string>;

/** One zone's terms, saved on their own. */
function ZoneForm({ zone }: { zone: AdminShippingZone }) {
  const id = useId();
  const save = useSaveShippingZone(zone.zone);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(zoneSchema, { toBody: zoneBody, defaultValues: zoneValues(zone) });
  const fieldId = (name: keyof ZoneValues) => `${id}-${name}`;
  // The days are checked as typed, like the settings' order values; the form's check (and the server's) wins.
  const shown: Record<keyof ZoneValues, string | undefined> = {
    charge: errors.charge?.message,
    free_above: errors.free_above?.message,
    min_days: errors.min_days?.message,
    max_days: errors.max_days?.message ?? daysProblem(watch('min_days'), watch('max_days')),
    active: errors.active?.message,
  };
  const control = (name: Exclude<keyof ZoneValues, 'active'>) => ({
    id: fieldId(name),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': describedBy(fieldId(name), shown[name], HELP[name]),
    className: `form-control${shown[name] ? ' is-invalid' : ''}`,
    ...register(name),
  });
  const field = (name: keyof ZoneValues, label: string) => ({
    id: fieldId(name),
    label,
    help: HELP[name],
    error: shown[name],
  });

  const submit = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };

  return (
    <Card as="section" className="settings-card mb-3" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          {zone.label}
        </h2>
        <form noValidate onSubmit={handleSubmit(submit)}>
          <fieldset disabled={isSubmitting}>
            <div className="row">
              <Field {...field('charge', 'Charge')} className="col-sm-6 mb-3">
                <div className="input-group">
                  <span className="input-group-text">₹</span>
                  <input type="number" inputMode="decimal" step="0.01" min="0" {...control('charge')} />
                </div>
              </Field>
              <Field {...field('free_above', 'Free from')} className="col-sm-6 mb-3">
                <div className="input-group">
                  <span className="input-group-text">₹</span>
                  <input type="number" inputMode="decimal" step="0.01" min="0" {...control('free_above')} />
                </div>
              </Field>
              <Field {...field('min_days', 'Fewest days')} className="col-sm-6 mb-3">
                <input type="number" inputMode="numeric" step="1" min="1" max="30" {...control('min_days')} />
              </Field>
              <Field {...field('max_days', 'Most days')} className="col-sm-6 mb-3">
                <input type="number" inputMode="numeric" step="1" min="1" max="30" {...control('max_days')} />
              </Field>
            </div>
            <SwitchField
              id={fieldId('active')}
              label="Deliver here"
              help={HELP.active}
              error={shown.active}
              {...register('active')}
            />
          </fieldset>
          <FormOutcome error={errors.root?.server?.message} />
          {save.isSuccess && (
            <Alert variant="success" role="status">
              {zone.label}: saved. The new terms apply to orders from now on.
            </Alert>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'} <span className="visually-hidden">{zone.label}</span>
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
