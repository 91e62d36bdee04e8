import { type SniffedFileType, formatDay } from '@landunits/domain';
import type { DocumentView } from '@landunits/domain/contracts';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { checkFile, FILE_ACCEPT, formatSize, imagePreview, UPLOAD_HINT, type FileRule } from '../lib/file-check';
import { useMediaQuery } from '../lib/use-media-query';
import { Button } from './button';
import { fieldClassName, FieldError } from './field-parts';
import * as styles from './file-field.module.css';

export interface FileFieldProps {
  label: string;
  /** False adds "(optional)" to the label. */
  required?: boolean;
  /** The file chosen in this visit, checked and waiting to be sent. */
  chosen: File | null;
  /** The document already uploaded for this slot. */
  existing?: DocumentView | undefined;
  error: string | undefined;
  disabled?: boolean;
  /** The form field the file is sent in. */
  name?: string;
  /** When the chosen file is sent, said beside its name. */
  sentWhen?: string;
  /** Narrows the accepted types (pictures only), with the input's accept list and hint to match. */
  only?: { rule: FileRule; accept: string; hint: string };
  onChoose: (file: File | null) => void;
  onError: (message: string | undefined) => void;
}

const TOUCH_QUERY = '(pointer: coarse)';

interface ChosenProps {
  file: File;
  type: SniffedFileType;
  preview: string | null;
  sentWhen: string;
  onRemove: () => void;
  disabled: boolean;
}

function Chosen({ file, type, preview, sentWhen, onRemove, disabled }: ChosenProps) {
  return (
    <div className={styles.fileFieldPreview}>
      {preview ? (
        <img className={styles.fileFieldThumb} src={preview} alt={`Preview of ${file.name}`} />
      ) : (
        <span className={styles.fileFieldIcon} aria-hidden="true">
          {type === 'pdf' ? 'PDF' : 'IMG'}
        </span>
      )}
      <span className={styles.fileFieldName}>
        <span className="visually-hidden">Chosen: </span>
        {file.name}{' '}
        <span className="muted">
          ({formatSize(file.size)}, {sentWhen})
        </span>
      </span>
      <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
        Remove<span className="visually-hidden"> {file.name}</span>
      </Button>
    </div>
  );
}

/**
 * One document to upload: choose a file, drop one on the field, or take a photo on a touch device, checked here
 * for size and type by its content before anything is sent, with a preview of what was chosen and
 * a link to what is already uploaded.
 */
export function FileField({ label, required = true, chosen, existing, error, disabled = false, name, sentWhen = 'sent when you save', only, onChoose, onError }: FileFieldProps) {
  const accept = only?.accept ?? FILE_ACCEPT;
  const id = useId();
  const inputId = `file-${id}`;
  const hintId = `${inputId}-hint`;
  const errorId = error ? `${inputId}-error` : undefined;
  const touch = useMediaQuery(TOUCH_QUERY);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<{ type: SniffedFileType; preview: string | null } | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    await take(file, () => (input.value = ''));
  };

  /** A file dropped on the field goes through the same checks as one chosen. */
  const drop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file || disabled) return;
    await take(file, () => undefined);
  };

  const take = async (file: File, forget: () => void) => {
    const check = await checkFile(file, only?.rule);
    if (!check.ok) {
      forget();
      setKind(null);
      onChoose(null);
      onError(check.message);
      return;
    }
    const preview = await imagePreview(file, check.type).catch(() => null);
    setKind({ type: check.type, preview });
    onError(undefined);
    onChoose(file);
  };

  const remove = () => {
    setKind(null);
    onChoose(null);
  };

  return (
    <div
      className={fieldClassName('field', dragging ? `${styles.fileField} ${styles.fileFieldDragging}` : styles.fileField)}
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => void drop(event)}
    >
      <label className={fieldClassName('label')} htmlFor={inputId}>
        {label}
        {required ? null : <span className="muted"> (optional)</span>}
      </label>
      <span id={hintId} className={fieldClassName('hint')}>
        <span>{only?.hint ?? UPLOAD_HINT}</span>
        {touch ? null : <span> Choose a file, or drop it here.</span>}
      </span>
      {existing ? (
        <p className={styles.fileFieldExisting}>
          Uploaded:{' '}
          <a href={existing.url} download={existing.filename}>
            {existing.filename}
          </a>{' '}
          <span className="muted">
            ({formatSize(existing.size)}, {formatDay(existing.uploadedAt)})
          </span>
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        type="file"
        className={styles.fileFieldInput}
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        onChange={(event) => void choose(event)}
      />
      {touch ? (
        <>
          <Button variant="secondary" size="sm" className={styles.fileFieldCamera} disabled={disabled} onClick={() => cameraRef.current?.click()}>
            Take a photo<span className="visually-hidden"> for {label}</span>
          </Button>
          <input ref={cameraRef} type="file" className="visually-hidden" accept={accept} capture="environment" tabIndex={-1} aria-hidden="true" onChange={(event) => void choose(event)} />
        </>
      ) : null}
      {chosen && kind ? <Chosen file={chosen} type={kind.type} preview={kind.preview} sentWhen={sentWhen} onRemove={remove} disabled={disabled} /> : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A bar showing how much of an upload has been sent. */
export function UploadProgressBar({ percent }: { percent: number }) {
  const bar = (element: HTMLSpanElement | null) => {
    if (element) element.style.width = `${percent}%`;
  };
  return (
    <div className={styles.uploadProgress} role="progressbar" aria-label="Uploading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className={styles.uploadProgressTrack}>
        <span ref={bar} className={styles.uploadProgressBar} />
      </span>
      <span className={styles.uploadProgressText}>Uploading… {percent}%</span>
    </div>
  );
}
