import { AdminTeamSection } from './team-section';
import { AdminTrustSection } from './trust-section';

/** /admin/team: the team of /team, then the regulatory and security statements of the footer and /about-us. */
export function AdminTeamPage() {
  return (
    <>
      <AdminTeamSection />
      <AdminTrustSection />
    </>
  );
}
