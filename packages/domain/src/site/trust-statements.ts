import { z } from 'zod';
import type { TrustStatementsView } from './site-api';

/**
 * The regulatory and security statements a money site shows (decision 0065), written by an admin
 * (content.manage) and kept in one settings row. The product never claims anything for the
 * operator: the defaults are placeholders in [square brackets] for the operator to replace, and a
 * statement is shown on the public site only once it is written and no [bracketed] placeholder is
 * left in it. Until then the public site shows nothing in its place.
 *
 * - `regulatoryLine`: one short line under every page (the site footer): who runs the service and
 *   its registration or authorisation status;
 * - `regulatory`: the full regulatory statement (/about-us): who operates the service, where it is
 *   registered, whether and by whom it is authorised, and how to complain;
 * - `security`: how money and data are protected and how to report a vulnerability (/about-us).
 */

export const TRUST_STATEMENT_KEYS = ['regulatoryLine', 'regulatory', 'security'] as const;
export type TrustStatementKey = (typeof TRUST_STATEMENT_KEYS)[number];

export const TRUST_LIMITS = { regulatoryLine: 300, regulatory: 4000, security: 4000 } as const satisfies Record<TrustStatementKey, number>;

export const TRUST_LABELS: Readonly<Record<TrustStatementKey, string>> = {
  regulatoryLine: 'Regulatory line (site footer)',
  regulatory: 'Regulatory statement',
  security: 'Security statement',
};

export const TRUST_MESSAGES = {
  regulatoryLineMax: `The footer line must be at most ${TRUST_LIMITS.regulatoryLine} characters`,
  regulatoryLineOneLine: 'The footer line is one line: remove the line breaks',
  regulatoryMax: `The regulatory statement must be at most ${TRUST_LIMITS.regulatory.toLocaleString('en-US')} characters`,
  securityMax: `The security statement must be at most ${TRUST_LIMITS.security.toLocaleString('en-US')} characters`,
  saved: 'Saved.',
} as const;

/** A placeholder the operator has not replaced yet: text in square brackets, e.g. "[Company name]". */
export const TRUST_PLACEHOLDER = /\[[^\]\n]{1,200}\]/;

/** Whether a statement still holds a [placeholder]. */
export const hasPlaceholder = (text: string): boolean => TRUST_PLACEHOLDER.test(text);

/** Line endings made \n; trailing spaces and blank lines at the ends dropped. */
const text = (max: number, message: string) =>
  z
    .string({ message })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max, message));

export const TrustStatementsSchema = /* @__PURE__ */ z
  .object({
    regulatoryLine: text(TRUST_LIMITS.regulatoryLine, TRUST_MESSAGES.regulatoryLineMax).pipe(z.string().regex(/^[^\n]*$/, TRUST_MESSAGES.regulatoryLineOneLine)),
    regulatory: text(TRUST_LIMITS.regulatory, TRUST_MESSAGES.regulatoryMax),
    security: text(TRUST_LIMITS.security, TRUST_MESSAGES.securityMax),
  })
  .strict();
export type TrustStatements = z.output<typeof TrustStatementsSchema>;

/**
 * What the operator starts from: every fact about the operator is a [placeholder]; nothing here
 * may reach the public site until each is replaced. The security statement names what the product
 * itself offers (passkeys and authenticator apps); the rest is the operator's to state.
 */
export const DEFAULT_TRUST_STATEMENTS: TrustStatements = {
  regulatoryLine:
    '[Company name] is registered in [country] under company number [number]. [Authorisation status: name the regulator and your reference, or say that no regulator authorises the service.]',
  regulatory: [
    'Land Units is operated by [company name], a company registered in [country] under company number [number], with its registered office at [address].',
    '',
    '[Authorisation status: name each regulator that authorises or registers the service and your reference number with it, or say plainly that the service is not authorised or regulated by a financial regulator and what that means for customers.]',
    '',
    'Complaints: write to [complaints email address] or to the address above. We acknowledge a complaint within [number] working days and give our final answer within [number] days. [If you are not satisfied with our answer you may refer it to: name the ombudsman or dispute resolution body, or remove this sentence.]',
  ].join('\n'),
  security: [
    'Your account: you can sign in with a passkey and protect your account with an authenticator app as a second step, in your account settings.',
    '',
    'Your money: [say where customers’ payments are held, e.g. the bank and the kind of account, and whether they are kept apart from the company’s own money].',
    '',
    'Your data and documents: [say how personal data and uploaded identity documents are stored and protected, e.g. encryption at rest, who can see them, and where they are kept].',
    '',
    'Reporting a vulnerability: if you find a security problem, write to [security contact address]. [Say how quickly you answer and whether you publish a disclosure policy.]',
  ].join('\n'),
};

/** The statements as the public site may show them: each null while empty or still holding a placeholder. */
export type PublicTrustStatements = TrustStatementsView;

export function publicTrustStatements(statements: TrustStatements): PublicTrustStatements {
  const shown = (value: string) => (value === '' || hasPlaceholder(value) ? null : value);
  return { regulatoryLine: shown(statements.regulatoryLine), regulatory: shown(statements.regulatory), security: shown(statements.security) };
}
