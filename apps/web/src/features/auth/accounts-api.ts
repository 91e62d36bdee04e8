import type { HubspotMeta } from '@landunits/domain';
import { ADMINS_CONTRACTS, AUTH_CONTRACTS as C, type BodyOf, type ResponseOf } from '@landunits/domain/contracts';
import { call } from '../../shared/api/api-client';

/** The calls of the account pages (SPEC §7), each through its contract (AUTH_CONTRACTS); every error is an ApiError or a NetworkError. */

export type SignInAnswer = ResponseOf<typeof C.loginSecondFactor>;

export const accountsApi = {
  register: (body: BodyOf<typeof C.register>) => call(C.register, { body }),
  resendConfirmation: (email: string) => call(C.sendConfirmation, { body: { email } }),
  cancelRegistration: (email: string) => call(C.cancelRegistration, { body: { email } }),
  confirm: (token: string, hubspotMetaData: HubspotMeta) => call(C.confirm, { body: { token, hubspotMetaData } }),
  /** The password step: signed in, or a second step to take (an authenticator or recovery code). */
  login: (body: BodyOf<typeof C.login>) => call(C.login, { body }),
  loginSecondFactor: (body: BodyOf<typeof C.loginSecondFactor>) => call(C.loginSecondFactor, { body }),
  secondStepPasskeyOptions: () => call(C.loginSecondFactorPasskey),
  passkeyOptions: () => call(C.passkeyOptions),
  passkeyLogin: (body: BodyOf<typeof C.passkeyLogin>) => call(C.passkeyLogin, { body }),
  logout: () => call(C.logout),
  forgotPassword: (email: string) => call(C.forgotPassword, { body: { email } }),
  checkResetToken: (token: string, signal?: AbortSignal) => call(C.checkResetToken, { params: { token }, signal }),
  resetPassword: (token: string, password: string) => call(C.resetPassword, { params: { token }, body: { password } }),
  checkInvitation: (token: string, signal?: AbortSignal) => call(ADMINS_CONTRACTS.checkInvitation, { params: { token }, signal }),
  acceptInvitation: (token: string, body: BodyOf<typeof ADMINS_CONTRACTS.acceptInvitation>) => call(ADMINS_CONTRACTS.acceptInvitation, { params: { token }, body }),
};
