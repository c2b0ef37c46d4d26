import {
  type AdminReturn,
  AdminReturnDecisionRequest,
  AdminReturnRefundRequest,
  AdminReturnRejectRequest,
  AdminReturnShipRequest,
} from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { formatRupees } from '#admin/lib/format.ts';
import { showServerErrors } from '#admin/lib/forms.ts';
import {
  useApproveReturn,
  useReceiveReturn,
  useRefundReturn,
  useRejectReturn,
  useShipExchange,
} from '../api/useReturns';
import { BookPickup } from './ReturnPickup';
import { RETURN_STATUS } from './ReturnStatusBadge';

type Done = (message: string) => void;

/** The message shown once a return has moved. */
export function returnMovedMessage(ret: AdminReturn): string {
  return `Return #${ret.id} is now ${RETURN_STATUS[ret.status].label.toLowerCase()}.`;
}

/** The server's first problem with one field of a refused request. */
function fieldProblem(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.errors[field]?.[0] : undefined;
}

/**
 * What the owner may do next, as the server's `actions` says: approve or reject a new request, book the courier's
 * pickup of an approved one (until one is booked), mark the parcel received, refund the returned pieces, ship the exchange. A refusal (a move no longer allowed, the payment provider
 * saying no) is shown as the server words it.
 */
export function ReturnActions({ ret }: { ret: AdminReturn }) {
  const [done, setDone] = useState<string | null>(null);
  const can = (action: AdminReturn['actions'][number]) => ret.actions.includes(action);

  return (
    <div>
      {ret.actions.length === 0 && <p className="text-body-secondary mb-0">Nothing is left to do for this return.</p>}
      {(can('approve') || can('reject')) && <Decision ret={ret} onDone={setDone} />}
      {ret.status === 'approved' && ret.pickup === null && <BookPickup ret={ret} onDone={setDone} />}
      {can('receive') && <Receive ret={ret} onDone={setDone} />}
      {can('refund') &&
        (ret.payment_method === 'cod' ? (
          <CodRefund ret={ret} onDone={setDone} />
        ) : (
          <OnlineRefund ret={ret} onDone={setDone} />
        ))}
      {can('ship_exchange') && <ShipExchange ret={ret} onDone={setDone} />}
      {done && (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {done}
        </Alert>
      )}
    </div>
  );
}

/** Approve (with an optional message) or reject (the message says why) a new request. */
function Decision({ ret, onDone }: { ret: AdminReturn; onDone: Done }) {
  const id = useId();
  const approve = useApproveReturn(ret.id);
  const reject = useRejectReturn(ret.id);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const busy = approve.isPending || reject.isPending;
  const failure = approve.error ?? reject.error;

  const decide = async (kind: 'approve' | 'reject') => {
    approve.reset();
    reject.reset();
    // Approving takes no message when none is typed; rejecting always needs one, which the schema asks for.
    const checked =
      kind === 'approve'
        ? AdminReturnDecisionRequest.safeParse(message.trim() === '' ? {} : { message })
        : AdminReturnRejectRequest.safeParse({ message });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Tell the shopper why.');
      return;
    }
    setProblem(undefined);
    try {
      const answer = await (kind === 'approve' ? approve : reject).mutateAsync(checked.data as { message: string });
      setMessage('');
      onDone(
        `${returnMovedMessage(answer.data)} ${
          kind === 'approve' ? 'The customer is asked to send the pieces back.' : 'The customer reads your message.'
        }`,
      );
    } catch (error) {
      setProblem(fieldProblem(error, 'message'));
    }
  };

  const help = 'Optional when approving (for example, how to pack the parcel); to reject, tell the customer why.';
  return (
    <div className="mb-3">
      <Field id={`${id}-message`} label="Message for the customer" help={help} error={problem}>
        <textarea
          id={`${id}-message`}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          rows={2}
          maxLength={1000}
          value={message}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(`${id}-message`, problem, help)}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <div className="d-flex flex-wrap gap-2">
        {ret.actions.includes('approve') && (
          <Button disabled={busy} onClick={() => void decide('approve')}>
            Approve
          </Button>
        )}
        {ret.actions.includes('reject') && (
          <Button variant="outline-danger" disabled={busy} onClick={() => void decide('reject')}>
            Reject
          </Button>
        )}
      </div>
      {failure && !fieldProblem(failure, 'message') && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
    </div>
  );
}

/** The parcel is back: its pieces go back on sale. */
function Receive({ ret, onDone }: { ret: AdminReturn; onDone: Done }) {
  const receive = useReceiveReturn(ret.id);
  const mark = async () => {
    try {
      const answer = await receive.mutateAsync({});
      onDone(`${returnMovedMessage(answer.data)} Its pieces are back in stock.`);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <div className="mb-3">
      <p className="mb-2">When the parcel is back with you, mark it received: its pieces go back into stock.</p>
      <Button variant="outline-primary" disabled={receive.isPending} onClick={() => void mark()}>
        Mark received
      </Button>
      {receive.isError && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(receive.error)}
        </Alert>
      )}
    </div>
  );
}

/** A fresh idempotency key for one refund (32 hex digits, random). */
function newRefundKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A prepaid order: one button refunds the returned pieces through the payment provider, after a confirmation. The key
 * stays the same until a refund succeeds, so asking again after a failure or a lost answer refunds at most once.
 */
function OnlineRefund({ ret, onDone }: { ret: AdminReturn; onDone: Done }) {
  const refund = useRefundReturn(ret.id);
  const key = useRef<string | null>(null);
  const amount = formatRupees(ret.refund_amount);
  const send = async () => {
    key.current ??= newRefundKey();
    const answer = await refund.mutateAsync({ idempotency_key: key.current });
    key.current = null;
    onDone(`${amount} refunded to the card or UPI the customer paid with. ${returnMovedMessage(answer.data)}`);
  };
  return (
    <div className="mb-3">
      <ConfirmButton
        title={`Refund ${amount} for return #${ret.id}?`}
        body={
          <p className="mb-0">
            The money goes back through the payment provider to the card or UPI the customer paid with. This cannot be
            undone.
          </p>
        }
        confirmLabel="Yes, refund"
        variant="danger"
        onConfirm={send}
      >
        Refund {amount} to the card/UPI used
      </ConfirmButton>
    </div>
  );
}

type CodRefundFields = { method: '' | 'bank' | 'upi'; reference: string };

/** Cash on delivery: the owner paid the money back by bank transfer or UPI and records how, with its reference. */
function CodRefund({ ret, onDone }: { ret: AdminReturn; onDone: Done }) {
  const id = useId();
  const refund = useRefundReturn(ret.id);
  const amount = formatRupees(ret.refund_amount);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(
    AdminReturnRefundRequest.superRefine((body, ctx) => {
      if (body.method === undefined)
        ctx.addIssue({ code: 'custom', path: ['method'], message: 'Choose how you paid.' });
      if (body.reference === undefined) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Enter the transfer reference.' });
      }
    }),
    {
      toBody: (fields: CodRefundFields) => ({
        method: fields.method === '' ? undefined : fields.method,
        reference: fields.reference.trim() === '' ? undefined : fields.reference,
      }),
      defaultValues: { method: '', reference: '' },
    },
  );
  const record = async (body: { method?: 'bank' | 'upi' | undefined; reference?: string | undefined }) => {
    try {
      const answer = await refund.mutateAsync(body);
      onDone(`${amount} recorded as paid back. ${returnMovedMessage(answer.data)}`);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };
  const methodError = errors.method?.message;
  const referenceError = errors.reference?.message;
  return (
    <form noValidate className="mb-3" onSubmit={handleSubmit(record)}>
      <p className="mb-2">
        A cash-on-delivery order: pay <strong>{amount}</strong> back to the customer yourself, then record it here.
      </p>
      <Field id={`${id}-method`} label="Paid back by" error={methodError} group>
        {(
          [
            ['bank', 'Bank transfer'],
            ['upi', 'UPI'],
          ] as const
        ).map(([value, label]) => (
          <div className="form-check form-check-inline" key={value}>
            <input
              id={`${id}-method-${value}`}
              type="radio"
              value={value}
              className={`form-check-input${methodError ? ' is-invalid' : ''}`}
              {...register('method')}
            />
            <label htmlFor={`${id}-method-${value}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </Field>
      <Field id={`${id}-reference`} label="Transfer reference" error={referenceError}>
        <input
          id={`${id}-reference`}
          type="text"
          maxLength={100}
          className={`form-control${referenceError ? ' is-invalid' : ''}`}
          aria-invalid={referenceError ? true : undefined}
          aria-describedby={describedBy(`${id}-reference`, referenceError)}
          {...register('reference')}
        />
      </Field>
      <Button type="submit" variant="outline-danger" disabled={isSubmitting}>
        Record refund of {amount}
      </Button>
      <FormOutcome error={errors.root?.server?.message} className="mt-3 mb-0" />
    </form>
  );
}

/** The new size's parcel leaves, with the courier and tracking number the customer reads. */
function ShipExchange({ ret, onDone }: { ret: AdminReturn; onDone: Done }) {
  const id = useId();
  const ship = useShipExchange(ret.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminReturnShipRequest, { defaultValues: { tracking_note: '' } });
  const send = async (body: { tracking_note: string }) => {
    try {
      const answer = await ship.mutateAsync(body);
      reset();
      onDone(`${returnMovedMessage(answer.data)} The customer sees the tracking note on their return.`);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };
  const exchanges = ret.lines.filter((line) => line.kind === 'exchange');
  const noteError = errors.tracking_note?.message;
  const help = 'The courier and the tracking number, for the customer.';
  return (
    <form noValidate className="mb-3" onSubmit={handleSubmit(send)}>
      <p className="mb-2">To send:</p>
      <ul>
        {exchanges.map((line) => (
          <li key={`${line.product_id}-${line.size_id}`}>
            {line.quantity} × {line.product_name} in <strong>{line.new_size}</strong> (for {line.size})
          </li>
        ))}
      </ul>
      <Field id={`${id}-note`} label="Tracking note" help={help} error={noteError}>
        <input
          id={`${id}-note`}
          type="text"
          maxLength={500}
          className={`form-control${noteError ? ' is-invalid' : ''}`}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={describedBy(`${id}-note`, noteError, help)}
          {...register('tracking_note')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        Ship exchange
      </Button>
      <FormOutcome error={errors.root?.server?.message} className="mt-3 mb-0" />
    </form>
  );
}
