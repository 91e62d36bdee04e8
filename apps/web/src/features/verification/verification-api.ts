import type { VerificationStatus } from '@landunits/domain';
import { VERIFICATION_CONTRACTS as C, type ResponseOf, type VerificationOverview } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/api-client';
import { uploadWith, type UploadProgress } from '../../shared/api/upload';
import { SESSION_QUERY_KEY, type DashboardBundle } from '../../shared/session/session';
import { VERIFICATION_QUERY_KEY } from '../../shared/verification/verification-data';

/** What saving, submitting or withdrawing answers: the whole overview again, with a message. */
export type SavedAnswer = ResponseOf<typeof C.withdraw>;
export type VerificationKind = 'profile' | 'bank';

/** The calls of the verification pages, each through its contract (VERIFICATION_CONTRACTS). */
export const verificationApi = {
  saveProfile: (body: FormData, onProgress: (p: UploadProgress) => void) => uploadWith(C.updateProfile, { body }, onProgress),
  saveBank: (body: FormData, onProgress: (p: UploadProgress) => void) => uploadWith(C.updateBank, { body }, onProgress),
  withdraw: (verification: VerificationKind) => call(C.withdraw, { body: { verification } }),
};

/**
 * Keeps what the pages show in step with an answer: the overview, and the statuses on the
 * session's user (the sell form reads them) without asking the server again.
 */
export function useApplyAnswer() {
  const client = useQueryClient();
  return (answer: SavedAnswer) => {
    const { message: _message, ...overview } = answer;
    client.setQueryData<VerificationOverview>(VERIFICATION_QUERY_KEY, overview);
    client.setQueryData<DashboardBundle | null>(SESSION_QUERY_KEY, (bundle) =>
      bundle
        ? {
            ...bundle,
            user: {
              ...bundle.user,
              profileVerificationStatus: overview.profile.status satisfies VerificationStatus,
              bankVerificationStatus: overview.bank.status satisfies VerificationStatus,
            },
          }
        : bundle,
    );
  };
}
