import { useState, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error';
import { Dialog } from '../ui/dialog';
import { DialogActions } from './dialog-actions';

export interface ConfirmTarget {
  title: string;
  message: ReactNode;
  label: string;
  run: () => Promise<void>;
}

function Confirm({ target, onClose }: { target: ConfirmTarget; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await target.run();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <p>{target.message}</p>
      <DialogActions failure={failure} label={target.label} pending={pending} danger onAction={() => void go()} onCancel={onClose} focusCancel />
    </>
  );
}

/** Asks before a deletion; Cancel has the focus; a refusal (a category still in use) is said inside. */
export function ConfirmDialog({ target, onClose }: { target: ConfirmTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target?.title ?? ''} onClose={onClose}>
      {target ? <Confirm key={target.title} target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}
