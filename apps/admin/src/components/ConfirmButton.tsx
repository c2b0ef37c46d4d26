import { type ReactNode, useState } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'show' | 'onClose'> {
  /** The button's text, e.g. "Delete". */
  children: ReactNode;
  size?: ButtonProps['size'];
  disabled?: boolean;
}

/** A button for an action that cannot be undone lightly: it asks first, and shows a refusal in the dialog. */
export function ConfirmButton({ children, size, disabled, ...dialog }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={dialog.variant ?? 'outline-danger'}
        size={size}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      <ConfirmDialog {...dialog} show={open} onClose={() => setOpen(false)} />
    </>
  );
}
