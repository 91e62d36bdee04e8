import { AUTH_CONTRACTS, SECURITY_CONTRACTS as C, type BodyOf, type ResponseOf } from '@landunits/domain/contracts';
import { call } from '../../shared/api/api-client';

/** The calls of the security page: passkeys, authenticator app, recovery codes and sessions, each through its contract (SECURITY_CONTRACTS); every error is an ApiError or a NetworkError. */

export type SecurityOverview = ResponseOf<typeof C.overview>;
export type SessionView = SecurityOverview['sessions'][number];
export type PasskeyView = SecurityOverview['passkeys'][number];
export type PasskeyAdded = ResponseOf<typeof C.passkeyRegister>;
export type TotpSetup = ResponseOf<typeof C.totpSetup>;
export type RecoveryCodesAnswer = ResponseOf<typeof C.totpConfirm>;
export type CodeAndPassword = BodyOf<typeof C.totpConfirm>;

export const SECURITY_QUERY_KEY = ['account-settings', 'security'] as const;

export const securityApi = {
  overview: (signal?: AbortSignal) => call(C.overview, { signal }),
  startTotpSetup: () => call(C.totpSetup),
  confirmTotp: (body: CodeAndPassword) => call(C.totpConfirm, { body }),
  removeTotp: (body: BodyOf<typeof C.totpRemove>) => call(C.totpRemove, { body }),
  makeRecoveryCodes: (body: BodyOf<typeof C.recoveryCodes>) => call(C.recoveryCodes, { body }),
  passkeyOptions: (body: BodyOf<typeof C.passkeyOptions>) => call(C.passkeyOptions, { body }),
  registerPasskey: (body: BodyOf<typeof C.passkeyRegister>) => call(C.passkeyRegister, { body }),
  renamePasskey: (id: string, body: BodyOf<typeof C.passkeyRename>) => call(C.passkeyRename, { params: { id }, body }),
  removePasskey: (id: string, body: BodyOf<typeof C.passkeyRemove>) => call(C.passkeyRemove, { params: { id }, body }),
  endSession: (id: string) => call(C.endSession, { params: { id } }),
  /** "This was not me" from a new-device email's link; no session needed. */
  notMe: (token: string) => call(AUTH_CONTRACTS.notMe, { params: { token } }),
  endOtherSessions: () => call(C.endOtherSessions),
  /** Raising the amount is refused until the person steps up: the API client opens the dialog and sends it again. */
  setSafeguards: (body: BodyOf<typeof C.safeguards>) => call(C.safeguards, { body }),
  setTransferLimit: (body: BodyOf<typeof C.transferLimit>) => call(C.transferLimit, { body }),
};
