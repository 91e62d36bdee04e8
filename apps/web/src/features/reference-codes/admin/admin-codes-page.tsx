import { ReferenceCodesSection } from './reference-codes-section';

/** /admin/codes: the reference codes, their form and list. */
export function AdminCodesPage() {
  return <ReferenceCodesSection />;
}
