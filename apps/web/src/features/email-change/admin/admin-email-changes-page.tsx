import { EmailChangesSection } from './email-changes-section';

/** /admin/email-changes: email change requests waiting for a decision. */
export function AdminEmailChangesPage() {
  return <EmailChangesSection />;
}
