import { FILE_MESSAGES, IMAGE_FILE_TYPES } from '@landunits/domain';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { percentOf } from '../../shared/api/upload';
import { IMAGE_ACCEPT, IMAGE_HINT } from '../../shared/lib/file-check';
import { FileField, UploadProgressBar } from '../../shared/ui/file-field';
import { projectsApi } from './projects-api';

const IMAGES_ONLY = { rule: { types: IMAGE_FILE_TYPES, message: FILE_MESSAGES.imageOnly }, accept: IMAGE_ACCEPT, hint: IMAGE_HINT };

/**
 * The project's picture: checked in the browser (JPEG or PNG by content, at most 8 MB) and sent at
 * once to the website's images (re-encoded without metadata, named by its content); the form then
 * saves the image's id with the project.
 */
export function ProjectImageField({ current, error, onUploaded }: { current: string | null; error: string | undefined; onUploaded: (image: { id: string; url: string }) => void }) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    setChosen(file);
    if (!file) return;
    setFailure(undefined);
    setProgress(0);
    try {
      const { image } = await projectsApi.uploadImage(file, (p) => setProgress(percentOf(p)));
      onUploaded(image);
      setChosen(null);
    } catch (e) {
      setFailure(isApiError(e) ? (e.errors.image ?? e.message) : errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="project-image-field">
      {current ? <img src={current} alt="" className="project-image-field__thumb" /> : null}
      <FileField
        label={current ? 'Replace the image' : 'Image'}
        required={false}
        name="image"
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
