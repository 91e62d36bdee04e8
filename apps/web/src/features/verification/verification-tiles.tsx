import { BANK_VERIFICATION_LABELS, PROFILE_VERIFICATION_LABELS, type VerificationStatus } from '@landunits/domain';
import type { VerificationOverview } from '@landunits/domain/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../shared/ui/status-badge';
import { MissingTooltip } from './missing-tooltip';
import { STATUS_TONES } from './verification-status';
import * as styles from './settings.module.css';

export type TileColour = 'red' | 'amber' | 'blue' | 'green';

/** SPEC §3 verification tile: id, text, colour and status. */
export interface VerificationTile {
  id: 'profile' | 'bank';
  text: string;
  colour: TileColour;
  status: VerificationStatus;
  label: string;
  to: string;
  missing: readonly string[];
}

const COLOURS: Readonly<Record<VerificationStatus, TileColour>> = {
  UnVerified: 'red',
  Saved: 'amber',
  Pending: 'blue',
  Approved: 'green',
  Rejected: 'red',
};

const COLOUR_CLASSES: Readonly<Record<TileColour, string>> = {
  red: styles.verificationTileRed,
  amber: styles.verificationTileAmber,
  blue: styles.verificationTileBlue,
  green: styles.verificationTileGreen,
};

export function verificationTiles(overview: VerificationOverview): VerificationTile[] {
  return [
    {
      id: 'profile',
      text: 'Profile verification',
      colour: COLOURS[overview.profile.status],
      status: overview.profile.status,
      label: PROFILE_VERIFICATION_LABELS[overview.profile.status],
      to: '/dashboard/settings/profile-verification#verification-status',
      missing: overview.profile.missing,
    },
    {
      id: 'bank',
      text: 'Bank verification',
      colour: COLOURS[overview.bank.status],
      status: overview.bank.status,
      label: BANK_VERIFICATION_LABELS[overview.bank.status],
      to: '/dashboard/settings/bank-verification#verification-status',
      missing: overview.bank.missing,
    },
  ];
}

/** The Profile and Bank tiles: status label, a link to each page and what each still needs. */
export function VerificationTiles({ overview }: { overview: VerificationOverview }) {
  return (
    <ul className={styles.verificationTiles} aria-label="Your verifications">
      {verificationTiles(overview).map((tile) => (
        <li key={tile.id} id={`tile-${tile.id}`} className={`${styles.verificationTile} ${COLOUR_CLASSES[tile.colour]}`} data-status={tile.status}>
          <h3 className={styles.verificationTileTitle}>
            <Link to={tile.to}>{tile.text}</Link>
          </h3>
          <StatusBadge label={tile.label} tone={STATUS_TONES[tile.status]} />
          {tile.status === 'Pending' || tile.status === 'Approved' ? null : <MissingTooltip items={tile.missing} subject={tile.text} />}
        </li>
      ))}
    </ul>
  );
}
