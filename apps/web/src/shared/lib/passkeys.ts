import type { PasskeyAnswer } from '@landunits/domain';
import type { WebAuthnOptions } from '@landunits/domain/contracts';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { errorMessage } from '../api/api-error';

/**
 * The browser's side of passkeys (@simplewebauthn/browser): the server's options go to
 * navigator.credentials, and its answer goes back as WebAuthn's JSON. The server checks it all.
 */

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Asks the browser to make a passkey for the server's creation options. */
export async function makePasskey(options: WebAuthnOptions): Promise<PasskeyAnswer> {
  return (await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) as unknown as PasskeyAnswer;
}

/** Asks the browser to sign the server's challenge with a passkey (any, or one of those the options list). */
export async function askForPasskey(options: WebAuthnOptions): Promise<PasskeyAnswer> {
  return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as unknown as PasskeyAnswer;
}

export const PASSKEY_CANCELLED = 'The passkey request was cancelled or timed out. Please try again.';
export const PASSKEY_ALREADY_HERE = 'This device already holds a passkey for your account.';

/** What to say when the browser's side failed (the person closed the prompt, or the device already has one). */
export function passkeyFailureMessage(failure: unknown): string {
  const name = failure instanceof Error ? failure.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_CANCELLED;
  if (name === 'InvalidStateError') return PASSKEY_ALREADY_HERE;
  return errorMessage(failure);
}
