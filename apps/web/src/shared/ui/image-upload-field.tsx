import { FILE_MESSAGES, IMAGE_FILE_TYPES } from '@landunits/domain';
import { CONTENT_CONTRACTS, type SiteImage } from '@landunits/domain/contracts';
import { useState } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import { percentOf, uploadWith, type UploadProgress } from '../api/upload';
import { IMAGE_ACCEPT, IMAGE_HINT } from '../lib/file-check';
import { Button } from './button';
import { FileField, UploadProgressBar } from './file-field';
import * as styles from './image-upload-field.module.css';

/** Sends one picture to the website's images (admins: news, team, land projects). */
function uploadSiteImage(file: File, onProgress: (progress: UploadProgress) => void) {
  const body = new FormData();
  body.append('image', file);
  return uploadWith(CONTENT_CONTRACTS.uploadImage, { body }, onProgress);
}

const IMAGES_ONLY = { rule: { types: IMAGE_FILE_TYPES, message: FILE_MESSAGES.imageOnly }, accept: IMAGE_ACCEPT, hint: IMAGE_HINT };

export interface ImageUploadFieldProps {
  label: string;
  /** The picture in use now (uploaded or a demo illustration); null when there is none. */
  current: string | null;
  required?: boolean;
  /** The form's message for this field (e.g. "Upload an image for this article"). */
  error: string | undefined;
  onUploaded: (image: SiteImage) => void;
  /** Takes the picture away (team photos are optional). */
  onRemove?: () => void;
}

/**
 * A picture for an article, a team member or a land project: checked in the browser (JPEG or PNG by its content,
 * at most 8 MB), sent as soon as it is chosen with a progress bar, then shown as it will appear.
 * The server re-encodes it without metadata and answers its id, which the form saves.
 */
export function ImageUploadField({ label, current, required = true, error, onUploaded, onRemove }: ImageUploadFieldProps) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    setChosen(file);
    if (!file) return;
    setFailure(undefined);
    setProgress(0);
    try {
      const { image } = await uploadSiteImage(file, (p) => setProgress(percentOf(p)));
      onUploaded(image);
      setChosen(null);
    } catch (e) {
      setFailure(isApiError(e) ? (e.errors.image ?? e.message) : errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={styles.contentImage}>
      {current ? (
        <figure className={styles.contentImageCurrent}>
          <img src={current} alt="" className={styles.contentImageThumb} />
          <figcaption className="muted">
            Shown now.{' '}
            {onRemove ? (
              <Button variant="ghost" size="sm" onClick={onRemove}>
                Remove<span className="visually-hidden"> the {label.toLowerCase()}</span>
              </Button>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
      <FileField
        label={current ? `Replace the ${label.toLowerCase()}` : label}
        required={required}
        chosen={chosen}
        error={failure ?? error}
        disabled={progress !== null}
        sentWhen="sent now"
        only={IMAGES_ONLY}
        onChoose={(file) => void upload(file)}
        onError={setFailure}
      />
      {progress !== null ? <UploadProgressBar percent={progress} /> : null}
    </div>
  );
}
