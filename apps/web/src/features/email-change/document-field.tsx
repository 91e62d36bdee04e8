import { FILE_MESSAGES, sniffFileType, UPLOAD_MAX_BYTES } from '@landunits/domain';
import type { ChangeEvent } from 'react';
import { FieldError, FieldHint, useFieldIds } from '../../shared/ui/field-parts';

/** What the file picker offers: the SPEC's types, by extension and by type (phones pick photos). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const DOCUMENT_HINT = 'Upload a .jpeg, .png, .jpg, .pdf, or a photo from your phone (up to 8 MB).';

/**
 * The checks the server makes, made first in the browser: at most UPLOAD_MAX_BYTES, and a PDF,
 * JPEG or PNG judged from the first bytes. Returns the message to show, or '' for a good file.
 */
export async function checkDocument(file: File): Promise<string> {
  if (file.size > UPLOAD_MAX_BYTES) return FILE_MESSAGES.tooLarge;
  const head = await readHead(file, 16);
  return head && sniffFileType(head) ? '' : FILE_MESSAGES.unsupported;
}

/** The first bytes of a file (FileReader: every browser has it, and the test DOM too). */
function readHead(file: File, bytes: number): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : null);
    reader.onerror = () => resolve(null);
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

export interface DocumentFieldProps {
  label: string;
  error: string | undefined;
  onPick: (file: File | null) => void;
  disabled?: boolean;
  /** Percent sent while uploading; null when nothing is being sent. */
  progress: number | null;
}

/** A labelled file input with the upload hint, its error and the upload's progress. */
export function DocumentField({ label, error, onPick, disabled, progress }: DocumentFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds({ hint: DOCUMENT_HINT, error });
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      <FieldHint id={hintId}>{DOCUMENT_HINT}</FieldHint>
      <input
        id={controlId}
        name="identity"
        type="file"
        className="field__control email-change__file"
        accept={DOCUMENT_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onPick(event.target.files?.[0] ?? null)}
      />
      <FieldError id={errorId}>{error}</FieldError>
      {progress !== null ? (
        <div className="email-change__progress">
          <label htmlFor={`${controlId}-progress`}>Uploading… {progress}%</label>
          <progress id={`${controlId}-progress`} max={100} value={progress} />
        </div>
      ) : null}
    </div>
  );
}
