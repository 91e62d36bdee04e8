import { useMessageAction } from '../../shared/lib/use-message-action';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { emailChangeApi, type EmailChangeAnswer } from './email-change-api';
import * as emailChangeStyles from './email-change.module.css';

/** Asks before cancelling the open request; "Keep my request" has the focus, so a stray Enter changes nothing. */
export function CancelRequestDialog({ open, onClose, onAnswer }: { open: boolean; onClose: () => void; onAnswer: (answer: EmailChangeAnswer) => void }) {
  const { run, pending, error: failure } = useMessageAction();
  const cancel = () =>
    run(emailChangeApi.cancel, (_message, answer) => {
      onAnswer(answer);
      onClose();
    });
  return (
    <Dialog open={open} title="Cancel your email change request?" onClose={onClose}>
      <p>Your account keeps its current email address. A link already sent stops working. You can start a new request at any time.</p>
      {failure ? (
        <p className={`${emailChangeStyles.emailChangeMessage} ${emailChangeStyles.emailChangeMessageError}`} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={emailChangeStyles.emailChangeActions}>
        <Button loading={pending} onClick={() => void cancel()}>
          Cancel the request
        </Button>
        <Button variant="ghost" onClick={onClose} data-autofocus="">
          Keep my request
        </Button>
      </div>
    </Dialog>
  );
}
