import { Button } from '../ui/button';

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
      {failure ? (
        <p className="admin-dialog__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="admin-dialog__actions">
        <Button type={onAction ? 'button' : 'submit'} className={danger ? 'btn--danger' : undefined} loading={pending} onClick={onAction}>
          {label}
        </Button>
        <Button variant="ghost" onClick={onCancel} data-autofocus={focusCancel ? '' : undefined}>
          Cancel
        </Button>
      </div>
    </>
  );
}
