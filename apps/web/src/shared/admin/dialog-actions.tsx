import { Button } from '../ui/button';
import { FormAlert } from '../ui/form-alert';
import * as styles from './admin.module.css';

export interface DialogActionsProps {
  /** What went wrong with the last try, read out when it appears. */
  failure: string | null | undefined;
  label: string;
  pending: boolean;
  danger?: boolean;
  /** Without it the action submits the dialog's form. */
  onAction?: () => void;
  onCancel: () => void;
  /** Cancel takes the focus when the dialog opens, so a stray Enter changes nothing. */
  focusCancel?: boolean;
}

/** The end of an admin dialog: the failure of the last try, then the action and Cancel. */
export function DialogActions({ failure, label, pending, danger = false, onAction, onCancel, focusCancel = false }: DialogActionsProps) {
  return (
    <>
      <FormAlert className={styles.adminDialogError}>{failure}</FormAlert>
      <div className={styles.adminDialogActions}>
        <Button type={onAction ? 'button' : 'submit'} className={danger ? styles.adminDialogDanger : undefined} loading={pending} onClick={onAction}>
          {label}
        </Button>
        <Button variant="ghost" onClick={onCancel} data-autofocus={focusCancel ? '' : undefined}>
          Cancel
        </Button>
      </div>
    </>
  );
}
