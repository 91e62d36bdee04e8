// The classes of file-field.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const fileField: string;
export declare const fileFieldCamera: string;
export declare const fileFieldDragging: string;
export declare const fileFieldExisting: string;
export declare const fileFieldIcon: string;
export declare const fileFieldInput: string;
export declare const fileFieldName: string;
export declare const fileFieldPreview: string;
export declare const fileFieldThumb: string;
export declare const uploadProgress: string;
export declare const uploadProgressBar: string;
export declare const uploadProgressText: string;
export declare const uploadProgressTrack: string;
