import { type AdminSettings, type AdminState, AdminUpdateSettings } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { numberOrEmpty, showServerErrors } from '#admin/lib/forms.ts';
import { useResourceList } from '#admin/lib/resource.ts';
import { useSaveSettings, useSettings } from '../api/useSettings';
import {
  DeliveryCodFields,
  type DeliveryCodValues,
  deliveryCodBody,
  deliveryCodFieldOf,
  deliveryCodValues,
} from './DeliveryCodFields';
import { GrievanceFields, type GrievanceValues, grievanceBody, grievanceValues } from './GrievanceFields';
import { gstStateMismatch } from './gstIdentity';
import { ParcelFields, type ParcelValues, parcelBody, parcelValues } from './ParcelFields';
import {
  PrepaidDiscountFields,
  type PrepaidDiscountValues,
  prepaidDiscountBody,
  prepaidDiscountValues,
} from './PrepaidDiscountFields';
import { RetentionFields, type RetentionValues, retentionBody, retentionValues } from './RetentionFields';
import { TaxIdentityFields, type TaxIdentityValues, taxIdentityBody, taxIdentityValues } from './TaxIdentityFields';
import { WhatsAppKindsCard } from './WhatsAppKindsCard';

/** Every state and union territory, in one page (as the address forms load them). */
const ALL_STATES = { per_page: 100 } as const;

type StateOption = { value: number; label: string };

type SettingsFields = {
  per_order_cap: string;
  payment_expiry_minutes: string;
  cart_reminder_hours: string;
  return_window_days: string;
  review_request_days: string;
} & TaxIdentityValues &
  DeliveryCodValues &
  PrepaidDiscountValues &
  ParcelValues &
  RetentionValues &
  GrievanceValues;

const FIELDS: { name: keyof SettingsFields; label: string; help: string; unit: string }[] = [
  {
    name: 'per_order_cap',
    label: 'Most pieces per order',
    help: 'The most a shopper can buy of one product in one size, in one order.',
    unit: 'pieces',
  },
  {
    name: 'payment_expiry_minutes',
    label: 'Time to pay',
    help: 'How long an unpaid order holds its items before they go back on sale.',
    unit: 'minutes',
  },
  {
    name: 'cart_reminder_hours',
    label: 'Cart reminder after',
    help: 'A registered shopper who turned cart reminders on and left a cart this long gets one reminder by e-mail.',
    unit: 'hours',
  },
  {
    name: 'return_window_days',
    label: 'Return window',
    help: 'How many days after delivery a shopper may ask to return pieces or exchange them for another size.',
    unit: 'days',
  },
  {
    name: 'review_request_days',
    label: 'Ask for a review after',
    help: 'How many days after delivery the shopper gets one e-mail asking for a review of what they bought.',
    unit: 'days',
  },
];

/**
 * The shop's rules (owners only): the per-order cap, how long an unpaid order holds stock, the
 * tax identity its GST invoices carry, when parcels leave, the rules of cash on delivery and the default parcel.
 */
export function SettingsPage() {
  const settings = useSettings();
  // The form waits for the states, so that the saved state of registration is shown chosen, never blank.
  const states = useResourceList<AdminState>('states', ALL_STATES);
  if (settings.isPending || (settings.isSuccess && states.isPending))
    return <LoadingState label="Loading the settings" />;
  if (settings.isError) {
    if (settings.error instanceof ApiError && settings.error.status === 403) {
      return (
        <>
          <PageHeader title="Settings" />
          <Alert variant="info">Only the shop’s owner can see and change the settings.</Alert>
        </>
      );
    }
    return <QueryErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (states.isError) return <QueryErrorAlert error={states.error} onRetry={() => void states.refetch()} />;
  return (
    <>
      <PageHeader title="Settings" />
      <SettingsForm
        settings={settings.data}
        states={(states.data?.data ?? []).map((state) => ({ value: state.id, label: state.name }))}
      />
      <WhatsAppKindsCard kinds={settings.data.whatsapp_kinds} />
    </>
  );
}

/**
 * The contract's rules, and one the form can tell before the server does: a GSTIN's first two digits are the GST code
 * of its state of registration.
 */
function settingsSchema(stateName: (stateId: number | null | undefined) => string | undefined) {
  return AdminUpdateSettings.superRefine((body, context) => {
    const problem = gstStateMismatch(body.gstin ?? '', stateName(body.gst_state_id));
    if (problem) context.addIssue({ code: 'custom', path: ['gst_state_id'], message: problem });
  });
}

function SettingsForm({ settings, states }: { settings: AdminSettings; states: StateOption[] }) {
  const id = useId();
  const save = useSaveSettings();
  const stateName = (stateId: number | null | undefined) => states.find((state) => state.value === stateId)?.label;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(settingsSchema(stateName), {
    toBody: (fields: SettingsFields) => ({
      per_order_cap: numberOrEmpty(fields.per_order_cap) ?? Number.NaN,
      payment_expiry_minutes: numberOrEmpty(fields.payment_expiry_minutes) ?? Number.NaN,
      cart_reminder_hours: numberOrEmpty(fields.cart_reminder_hours) ?? Number.NaN,
      return_window_days: numberOrEmpty(fields.return_window_days) ?? Number.NaN,
      review_request_days: numberOrEmpty(fields.review_request_days) ?? Number.NaN,
      ...taxIdentityBody(fields),
      ...deliveryCodBody(fields),
      ...prepaidDiscountBody(fields),
      ...parcelBody(fields),
      ...retentionBody(fields),
      ...grievanceBody(fields),
    }),
    fieldOf: deliveryCodFieldOf,
    defaultValues: {
      per_order_cap: String(settings.per_order_cap),
      payment_expiry_minutes: String(settings.payment_expiry_minutes),
      cart_reminder_hours: String(settings.cart_reminder_hours),
      return_window_days: String(settings.return_window_days),
      review_request_days: String(settings.review_request_days),
      ...taxIdentityValues(settings),
      ...deliveryCodValues(settings),
      ...prepaidDiscountValues(settings),
      ...parcelValues(settings),
      ...retentionValues(settings),
      ...grievanceValues(settings),
    },
  });

  const submit = async (body: AdminUpdateSettings) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showServerErrors(error, setError, deliveryCodFieldOf);
    }
  };

  return (
    <Card className="settings-card">
      <Card.Body>
        <form noValidate onSubmit={handleSubmit(submit)}>
          <fieldset disabled={isSubmitting}>
            <legend className="h6">Orders</legend>
            {FIELDS.map((field) => {
              const fieldId = `${id}-${field.name}`;
              const error = errors[field.name]?.message;
              return (
                <Field key={field.name} id={fieldId} label={field.label} help={field.help} error={error}>
                  <div className="input-group settings-card__input">
                    {field.unit === '₹' && <span className="input-group-text">₹</span>}
                    <input
                      id={fieldId}
                      type="number"
                      inputMode={field.unit === '₹' ? 'decimal' : 'numeric'}
                      step={field.unit === '₹' ? '0.01' : '1'}
                      min="0"
                      className={`form-control${error ? ' is-invalid' : ''}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy(fieldId, error, field.help)}
                      {...register(field.name)}
                    />
                    {field.unit !== '₹' && <span className="input-group-text">{field.unit}</span>}
                  </div>
                </Field>
              );
            })}
          </fieldset>
          <TaxIdentityFields
            id={`${id}-gst`}
            register={register}
            errors={errors}
            typed={{ gstin: watch('gstin'), gst_state_id: watch('gst_state_id') }}
            states={states}
            disabled={isSubmitting}
          />
          <DeliveryCodFields
            id={`${id}-cod`}
            register={register}
            errors={errors}
            typed={{
              cod_min_order: watch('cod_min_order'),
              cod_max_order: watch('cod_max_order'),
              cod_excluded_pins: watch('cod_excluded_pins'),
            }}
            disabled={isSubmitting}
          />
          <PrepaidDiscountFields id={`${id}-prepaid`} register={register} errors={errors} disabled={isSubmitting} />
          <ParcelFields id={`${id}-parcel`} register={register} errors={errors} disabled={isSubmitting} />
          <RetentionFields id={`${id}-retention`} register={register} errors={errors} disabled={isSubmitting} />
          <GrievanceFields id={`${id}-grievance`} register={register} errors={errors} disabled={isSubmitting} />
          <FormOutcome error={errors.root?.server?.message} />
          {save.isSuccess && (
            <Alert variant="success" role="status">
              Settings saved. They apply to new orders from now on.
            </Alert>
          )}
          <div className="d-flex align-items-center gap-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save settings'}
            </Button>
            <span className="small text-body-secondary">Last changed {formatDateTime(settings.updated_at)}</span>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}
