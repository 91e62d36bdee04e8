// The classes of file-field.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly fileField: string;
  readonly fileFieldCamera: string;
  readonly fileFieldExisting: string;
  readonly fileFieldIcon: string;
  readonly fileFieldInput: string;
  readonly fileFieldName: string;
  readonly fileFieldPreview: string;
  readonly fileFieldThumb: string;
  readonly uploadProgress: string;
  readonly uploadProgressBar: string;
  readonly uploadProgressText: string;
  readonly uploadProgressTrack: string;
};
export default styles;
