import { type AdminOrder, type AdminOrderPayment, AdminRefundRequest } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatRupees } from '#admin/lib/format.ts';
import { numberOrEmpty } from '#admin/lib/forms.ts';
import { useRefundOrder } from '../api/useOrders';
import { isRefundable } from './PaymentStatus';

type RefundFields = { amount: string; note: string };

/**
 * The payment a refund comes from, as the server picks it: the first one the shop did not accept
 * with money left, else the first with money left. It follows the payments, not the order's status,
 * so that an expired, failed or refunded order holding a payment the shop did not accept can have
 * it refunded too.
 */
function refundPaymentOf(order: AdminOrder): AdminOrderPayment | undefined {
  const left = order.payments.filter(isRefundable);
  return left.find((payment) => payment.refusal_reason !== null) ?? left[0];
}

/** What can still go back to the customer: what is left on the payment the server refunds. */
export function refundableOf(order: AdminOrder): number {
  const payment = refundPaymentOf(order);
  return payment ? Math.round((payment.amount - payment.refunded) * 100) / 100 : 0;
}

/** A refund request sent, kept until it succeeds: sending the same amount and note again is a retry. */
interface RefundAttempt {
  key: string;
  amount: number | undefined;
  note: string | undefined;
}

/** A fresh idempotency key for one refund the owner asks for (32 hex digits, random). */
function newRefundKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Returns money through the payment provider: a part, or everything left (which cancels a paid order). */
export function RefundForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const refund = useRefundOrder(order.id);
  const [pending, setPending] = useState<AdminRefundRequest | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refundable = refundableOf(order);
  // A payment the shop refused never paid for the order: refunding it leaves the order as it is.
  const refusedPayment = refundPaymentOf(order)?.refusal_reason != null;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(
    // The server refuses more than is left too; saying so on the field spares a confirmation that would fail.
    AdminRefundRequest.refine((body) => body.amount === undefined || body.amount <= refundable, {
      path: ['amount'],
      message: `At most ${formatRupees(refundable)} can still be refunded.`,
    }),
    {
      toBody: (fields: RefundFields) => ({
        amount: numberOrEmpty(fields.amount),
        note: fields.note.trim() === '' ? undefined : fields.note,
      }),
      defaultValues: { amount: '', note: '' },
    },
  );

  // The key of the last refund sent that has not succeeded: after a failure or a lost answer, the
  // same request again is the same refund, and the server makes it at most once.
  const attempt = useRef<RefundAttempt | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setDone(null);
    const last = attempt.current;
    const retry = last !== null && last.amount === pending.amount && last.note === pending.note;
    const key = retry ? last.key : newRefundKey();
    attempt.current = { key, amount: pending.amount, note: pending.note };
    try {
      await refund.mutateAsync({ ...pending, idempotency_key: key });
      attempt.current = null;
      setDone(`${formatRupees(pending.amount ?? refundable)} refunded to the customer.`);
      setPending(null);
      reset();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  const doneAlert = done && (
    <Alert variant="success" className="mt-3 mb-0" role="status">
      {done}
    </Alert>
  );
  if (refundable === 0) {
    return (
      <>
        <p className="text-body-secondary mb-0">Nothing left to refund on this order.</p>
        {doneAlert}
      </>
    );
  }

  const amountError = errors.amount?.message;
  const help = `Up to ${formatRupees(refundable)}. Leave empty to refund everything left.`;
  return (
    <>
      <form
        noValidate
        onSubmit={handleSubmit((body) => {
          refund.reset();
          setPending(body);
        })}
      >
        <div className="row g-2">
          <div className="col-md-6">
            <Field id={`${id}-amount`} label="Amount to refund" help={help} error={amountError} className="mb-0">
              <div className="input-group">
                <span className="input-group-text">₹</span>
                <input
                  id={`${id}-amount`}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  max={refundable}
                  className={`form-control${amountError ? ' is-invalid' : ''}`}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={describedBy(`${id}-amount`, amountError, help)}
                  {...register('amount')}
                />
              </div>
            </Field>
          </div>
          <div className="col-md-6">
            <Field id={`${id}-note`} label="Reason (for the records)" className="mb-0">
              <input id={`${id}-note`} type="text" className="form-control" {...register('note')} />
            </Field>
          </div>
          <div className="col-12">
            <Button type="submit" variant="outline-danger">
              Refund
            </Button>
          </div>
        </div>
      </form>
      {doneAlert}
      <Modal
        show={pending !== null}
        onHide={() => !refund.isPending && setPending(null)}
        centered
        aria-labelledby={`${id}-title`}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Refund {formatRupees(pending?.amount ?? refundable)} on order #{order.id}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            {pending?.amount === undefined && !refusedPayment
              ? 'Everything left is returned to the customer’s card or account. A paid order is also cancelled and its items go back into stock.'
              : 'This part is returned to the customer’s card or account. The order keeps its status.'}{' '}
            This cannot be undone.
          </p>
          {refund.isError && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {errorMessage(refund.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setPending(null)} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Yes, refund'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
