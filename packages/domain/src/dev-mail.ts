/** One email as `GET /api/dev/mail` lists it (development only), newest first. */
export interface DevMailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}
