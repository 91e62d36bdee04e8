// The classes of image-upload-field.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly contentImage: string;
  readonly contentImageCurrent: string;
  readonly contentImageThumb: string;
};
export default styles;
