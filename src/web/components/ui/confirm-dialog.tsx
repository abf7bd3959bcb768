/**
 * "Are you sure?" before a destructive action (admin spec: deleting asks for confirmation): an
 * accessible alertdialog whose focus starts on Cancel, stays inside, and where Escape cancels.
 */
import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: the confirm button spins, nothing else responds. */
  busy?: boolean;
}

/** A confirmation dialog with Cancel and a red-outlined confirm button. */
export function ConfirmDialog({ open, title, message, confirmLabel = 'Delete', onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      dismissible={!busy}
      className="max-w-sm"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <div id={`${id}-message`} className="mt-2 text-sm text-stone-600">
          {message}
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
