/** One email as `GET /api/dev/mail` lists it (development only), newest first. */
export interface DevMailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** Files the email carries: name, type, size in bytes and the download address. */
  attachments: DevMailAttachment[];
}

export interface DevMailAttachment {
  filename: string;
  contentType: string;
  size: number;
  url: string;
}
