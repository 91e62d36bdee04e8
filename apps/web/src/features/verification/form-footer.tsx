import { Button } from '../../shared/ui/button';
import { UploadProgressBar } from '../../shared/ui/file-field';
import * as styles from './settings.module.css';

export interface FooterSender {
  percent: number | null;
  busy: boolean;
  message: string;
  error: string;
}

/** Save and Submit for review, with the upload's progress and the answer's message. */
export function FormFooter({ sender, disabled, onSave }: { sender: FooterSender; disabled: boolean; onSave: () => void }) {
  return (
    <div className={styles.verificationFormFooter}>
      {sender.percent !== null ? <UploadProgressBar percent={sender.percent} /> : null}
      {sender.error ? (
        <p className={`${styles.settingsMessage} ${styles.settingsMessageError}`} role="alert">
          {sender.error}
        </p>
      ) : null}
      <p className={`${styles.settingsMessage} ${styles.settingsMessageSuccess}`} role="status">
        {sender.message}
      </p>
      {disabled ? null : (
        <div className={styles.verificationActions}>
          <Button variant="secondary" onClick={onSave} loading={sender.busy}>
            Save
          </Button>
          <Button type="submit" loading={sender.busy}>
            Submit for review
          </Button>
        </div>
      )}
    </div>
  );
}
