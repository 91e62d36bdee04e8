// The classes of image-upload-field.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const contentImage: string;
export declare const contentImageCurrent: string;
export declare const contentImageThumb: string;
