import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { codeGivesText } from './reference-code-text';
import { REFERENCE_CODES_ROOT, referenceCodesApi, type AdminReferenceCode } from './reference-codes-api';

function Confirm({ code, onClose }: { code: AdminReferenceCode; onClose: () => void }) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const disable = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await referenceCodesApi.disable(code.id);
      showToast(`Code ${code.code} disabled.`, 'success');
      void client.invalidateQueries({ queryKey: REFERENCE_CODES_ROOT });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <p>
        New buys can no longer use <strong>{code.code}</strong> ({codeGivesText(code)}). Buys already placed with it keep it. This cannot be undone.
      </p>
      <DialogActions failure={failure} label="Disable code" pending={pending} danger onAction={() => void disable()} onCancel={onClose} focusCancel />
    </>
  );
}

/**
 * Asks before disabling a code, since it cannot be enabled again. Cancel has the focus, so a
 * stray Enter changes nothing.
 */
export function DisableCodeDialog({ code, onClose }: { code: AdminReferenceCode | null; onClose: () => void }) {
  return (
    <Dialog open={code !== null} title={code ? `Disable ${code.code}?` : ''} onClose={onClose}>
      {code ? <Confirm key={code.id} code={code} onClose={onClose} /> : null}
    </Dialog>
  );
}
