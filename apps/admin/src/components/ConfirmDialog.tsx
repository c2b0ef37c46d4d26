import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../lib/api';

export interface ConfirmDialogProps {
  show: boolean;
  /** Closes the dialog: after a confirmed action, or when the owner steps back. */
  onClose: () => void;
  /** The question, e.g. "Delete the category Rompers?". */
  title: string;
  /** What happens, in the owner's words. */
  body: ReactNode;
  /** The confirming button's text, e.g. "Yes, delete". */
  confirmLabel: string;
  variant?: ButtonProps['variant'];
  /** Runs after the owner confirms; a rejection is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before an action that cannot be undone lightly, and shows a refusal in the dialog. */
export function ConfirmDialog({
  show,
  onClose,
  title,
  body,
  confirmLabel,
  variant = 'outline-danger',
  onConfirm,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
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
  );
}
