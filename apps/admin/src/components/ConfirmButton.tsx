import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../lib/api';

interface ConfirmButtonProps {
  /** The button's text, e.g. "Delete". */
  children: ReactNode;
  /** The question, e.g. "Delete the category Rompers?". */
  title: string;
  /** What happens, in the owner's words. */
  body: ReactNode;
  /** The confirming button's text, e.g. "Yes, delete". */
  confirmLabel: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** Runs after the owner confirms; a rejection is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
}

/** A button for an action that cannot be undone lightly: it asks first, and shows a refusal in the dialog. */
export function ConfirmButton({
  children,
  title,
  body,
  confirmLabel,
  variant = 'outline-danger',
  size,
  disabled,
  onConfirm,
}: ConfirmButtonProps) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setFailure(null);
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div>{body}</div>
          {failure && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {failure}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant={variant === 'outline-danger' ? 'danger' : 'primary'} onClick={confirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
