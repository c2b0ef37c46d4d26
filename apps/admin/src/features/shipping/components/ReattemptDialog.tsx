import { AdminNdrActionRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { TextareaField, TextField } from '#admin/components/form/Field.tsx';
import { showServerErrors } from '#admin/lib/forms.ts';

type ReattemptFields = { date: string; phone: string; address: string };

/** A blank field is not given: the courier keeps what it has. */
const given = (value: string) => (value.trim() === '' ? undefined : value.trim());

interface ReattemptDialogProps {
  show: boolean;
  courier: string;
  orderId: number;
  /** The phone number the courier has, as a hint. */
  phone: string;
  onClose: () => void;
  /** Sends the action; a refusal is shown in the dialog, its field errors beside the fields. */
  onSend: (body: AdminNdrActionRequest) => Promise<unknown>;
}

/**
 * "Re-attempt": the owner confirms asking the courier to deliver again, optionally on a day, at a corrected phone
 * number or address (what the shopper said on the phone). The server's own schema checks the fields first.
 */
export function ReattemptDialog({ show, courier, orderId, phone, onClose, onSend }: ReattemptDialogProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminNdrActionRequest, {
    toBody: (fields: ReattemptFields) => ({
      action: 're-attempt' as const,
      date: given(fields.date),
      phone: given(fields.phone),
      address: given(fields.address),
    }),
    defaultValues: { date: '', phone: '', address: '' },
  });

  const close = () => {
    if (isSubmitting) return;
    reset();
    onClose();
  };
  const send = handleSubmit(async (body) => {
    try {
      await onSend(body);
      reset();
      onClose();
    } catch (error) {
      showServerErrors(error, setError);
    }
  });

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={send}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Ask {courier} to deliver order #{orderId} again?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Leave a field empty to keep what the courier has.</p>
          <TextField
            id={`${id}-date`}
            type="date"
            label="Deliver on (optional)"
            help="The day the shopper will be in."
            error={errors.date?.message}
            {...register('date')}
          />
          <TextField
            id={`${id}-phone`}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            label="Phone number (optional)"
            help={`A 10-digit mobile number; the courier has ${phone}.`}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextareaField
            id={`${id}-address`}
            rows={2}
            label="Corrected address (optional)"
            help="House, street and area, 5 to 200 characters."
            error={errors.address?.message}
            fieldClassName="mb-0"
            {...register('address')}
          />
          <FormOutcome error={errors.root?.server?.message} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Yes, try again'}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
