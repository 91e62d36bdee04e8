import { z } from 'zod';
import { EMAIL_CHANGE_STATUSES, NewEmailSchema, VerifyPasswordForEmailChangeSchema } from '../validation/account-settings';
import { defineRoute, IsoDateTime, MessageSchema } from './contract';
import { TokenParamsSchema } from './auth';
import { EmailChangeViewSchema } from './dashboard-shapes';

/**
 * Email change (SPEC §4 steps, §7 calls; PRODUCT-DECISIONS §9): the person's steps, the link
 * opened from the new address, and the admin's queue and decision.
 */

export const EMAIL_CHANGE_MESSAGES = {
  passwordWrong: 'Your password is not correct.',
  passwordVerified: 'Password confirmed. Now enter your new email address.',
  linkSent: 'We sent a verification link to your new email address. It expires in 24 hours.',
  linkVerified: 'Your new email address is confirmed. Now upload a supporting identity document.',
  documentUploaded: 'Your document was uploaded. Submit your request when you are ready.',
  submitted: 'Your request was sent to our team. We will email you once it has been reviewed.',
  cancelled: 'Your email change request was cancelled.',
  documentRequired: 'This document is required.',
  /** Asked at a step the request is not at (409 TRANSITION_REFUSED). */
  noOpenRequest: 'You have no email change request in progress. Start by confirming your password.',
  notAtPasswordStep: 'Your request is past the password step. Cancel it to start again.',
  notAtNewEmailStep: 'Confirm your password before entering a new email address.',
  notAtDocumentStep: 'Confirm your new email address with the link we sent before uploading a document.',
  notAtSubmitStep: 'Upload a supporting identity document before submitting your request.',
  notDecidable: 'This request is not waiting for a decision.',
  addressTaken: 'This email address now belongs to another account, so the change cannot be approved.',
  /** "This was not me" (decision 0049): the request may be the intruder's. */
  accountLocked: 'This person told us a new sign-in was not them, and their account is locked until they reset their password. Decide on this request after that, with them.',
  approved: 'The email address was changed.',
  rejected: 'The request was rejected.',
  notFound: 'This email change request was not found.',
  reasonRequired: 'Give the reason the person will read.',
  reasonMax: 'The reason must be at most 500 characters.',
  noteMax: 'The internal note must be at most 1000 characters.',
} as const;

const M = EMAIL_CHANGE_MESSAGES;

/** An email change action's answer: what happened and the request as it is now (SPEC §7). */
export const EmailChangeAnswerSchema = z.object({ message: z.string(), emailChange: EmailChangeViewSchema.nullable() });
export type EmailChangeAnswer = z.output<typeof EmailChangeAnswerSchema>;

/** GET /api/auth/verify-email-change/:token: the result and where to go next. */
export const EmailChangeLinkAnswerSchema = z.object({ message: z.string(), newEmail: z.string() });

/** The admin's decision body; the reason is required to reject (checked by the reject schema). */
export const ApproveEmailChangeSchema = z.object({
  internalNote: z.string().trim().max(1000, M.noteMax).optional(),
});
export const RejectEmailChangeSchema = z.object({
  reason: z.string({ message: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonMax),
  internalNote: z.string().trim().max(1000, M.noteMax).optional(),
});
export type RejectEmailChangeValues = z.input<typeof RejectEmailChangeSchema>;

export const AdminEmailChangeItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  currentEmail: z.string(),
  newEmail: z.string(),
  status: z.enum(EMAIL_CHANGE_STATUSES),
  createdAt: IsoDateTime,
  /** When it was submitted (its last change): the queue's order, oldest first. */
  submittedAt: IsoDateTime,
});
export type AdminEmailChangeItem = z.output<typeof AdminEmailChangeItemSchema>;

export const EmailChangeQueueSchema = z.object({ requests: z.array(AdminEmailChangeItemSchema) });

export const EmailChangeHistoryItemSchema = z.object({
  id: z.string(),
  status: z.enum(EMAIL_CHANGE_STATUSES),
  outcome: z.enum(['Approved', 'Rejected']).nullable(),
  newEmail: z.string().nullable(),
  oldEmail: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  internalNote: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});

export const AdminEmailChangeDetailSchema = z.object({
  request: AdminEmailChangeItemSchema.extend({
    outcome: z.enum(['Approved', 'Rejected']).nullable(),
    rejectionReason: z.string().nullable(),
    internalNote: z.string().nullable(),
    decidedAt: IsoDateTime.nullable(),
    document: z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  }),
  /** Every request of this person, newest first (this one included). */
  history: z.array(EmailChangeHistoryItemSchema),
});
export type AdminEmailChangeDetail = z.output<typeof AdminEmailChangeDetailSchema>;

/** A request's id: the server answers 404 NOT_FOUND for anything but the id of a request (a malformed one included). */
const IdParams = z.object({ id: z.string() });
const area = 'Email change';
const permission = 'emailChanges.review';

export const EMAIL_CHANGE_CONTRACTS = {
  verifyPassword: defineRoute({
    method: 'PUT',
    path: '/api/user/verify-password-email-change/',
    auth: 'user',
    area,
    summary: 'Step 1: confirms the current password and opens (or reuses) the request at PasswordVerified (rate limited).',
    request: { body: VerifyPasswordForEmailChangeSchema },
    responses: { 200: EmailChangeAnswerSchema },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED', 'RATE_LIMITED'],
  }),
  sendLink: defineRoute({
    method: 'PUT',
    path: '/api/user/send-verification-link-email-change/',
    auth: 'user',
    area,
    summary: 'Step 2: emails a 24-hour link to the new address (again to resend) and tells the current address.',
    request: { body: NewEmailSchema },
    responses: { 200: EmailChangeAnswerSchema },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED', 'RATE_LIMITED'],
  }),
  verifyLink: defineRoute({
    method: 'GET',
    path: '/api/auth/verify-email-change/:token',
    auth: 'public',
    area,
    summary: 'Step 3: the link opened from the new address (once, within 24 hours; no sign-in needed).',
    cache: 'no-store',
    request: { params: TokenParamsSchema },
    responses: { 200: EmailChangeLinkAnswerSchema },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  uploadDocument: defineRoute({
    method: 'POST',
    path: '/api/user/upload-supported-documents-email-change',
    auth: 'user',
    area,
    summary: 'Step 4: the supporting identity document (multipart field identity); replaces an earlier one.',
    request: { multipart: { fields: z.object({}), files: ['identity'] } },
    responses: { 200: EmailChangeAnswerSchema },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED', 'RATE_LIMITED'],
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/user/submit-email-change',
    auth: 'user',
    area,
    summary: 'Step 5: sends the request to an admin (PendingAdminApproval).',
    responses: { 200: EmailChangeAnswerSchema },
    errors: ['TRANSITION_REFUSED', 'STEP_UP_REQUIRED'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/user/cancel-email-change',
    auth: 'user',
    area,
    summary: 'Cancels the open request before a decision (CancelledByUser).',
    responses: { 200: EmailChangeAnswerSchema },
    errors: ['TRANSITION_REFUSED'],
  }),
  adminQueue: defineRoute({
    method: 'GET',
    path: '/api/admin/email-changes',
    auth: 'admin',
    permission,
    area,
    summary: 'Requests waiting for a decision, oldest first.',
    responses: { 200: EmailChangeQueueSchema },
    errors: [],
  }),
  adminDetail: defineRoute({
    method: 'GET',
    path: '/api/admin/email-changes/:id',
    auth: 'admin',
    permission,
    area,
    summary: 'One request: the person, both addresses, the document and their earlier requests.',
    request: { params: IdParams },
    responses: { 200: AdminEmailChangeDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  adminDocument: defineRoute({
    method: 'GET',
    path: '/api/admin/email-changes/:id/document',
    auth: 'public',
    area,
    summary: 'Downloads a request’s document (reviewing admins and its owner; 404 for anyone else).',
    request: { params: IdParams },
    responses: { 200: { mediaType: 'application/octet-stream' } },
    errors: ['NOT_FOUND'],
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/admin/email-changes/:id/approve',
    decides: { record: 'emailChange' },
    auth: 'admin',
    permission,
    area,
    summary: 'Changes the address, ends every session of the person and tells both addresses.',
    request: { params: IdParams, body: ApproveEmailChangeSchema },
    responses: { 200: MessageSchema.extend({ request: AdminEmailChangeDetailSchema.shape.request }) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'CONFLICT'],
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/admin/email-changes/:id/reject',
    decides: { record: 'emailChange' },
    auth: 'admin',
    permission,
    area,
    summary: 'Rejects with a reason, emailed to the current address.',
    request: { params: IdParams, body: RejectEmailChangeSchema },
    responses: { 200: MessageSchema.extend({ request: AdminEmailChangeDetailSchema.shape.request }) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
};
