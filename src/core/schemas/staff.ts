/**
 * Staff management bodies and answers (docs/architecture.md#staff-and-roles): the owner's
 * invitation (e-mail and role), a role change, and accepting an invitation (a name and a new
 * password for a new account, the current password for an existing one; the password rule is the
 * signup's, `strongPasswordField`).
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../permissions';
import { INVITATION_GONE_MESSAGE } from '../staff-roles';
import { emailField, strongPasswordField } from './common';
import { nameField } from './auth';
import { userSchema } from './answers/store';

export const staffRoleField = z.enum(STAFF_ROLES, { error: 'Choose a role: owner, manager, fulfilment, support or content' });

/** POST /api/admin/staff/invitations. */
export const staffInvitationInputSchema = z.object({ email: emailField, role: staffRoleField });
export type StaffInvitationInput = z.input<typeof staffInvitationInputSchema>;

/** PATCH /api/admin/staff/{id}. */
export const staffRoleChangeSchema = z.object({ role: staffRoleField });

/** The `{ token }` path parameter of the public invitation routes; a malformed one answers 404 like an unknown one. */
export const invitationTokenParams = z.object({
  token: z.string({ error: INVITATION_GONE_MESSAGE }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: INVITATION_GONE_MESSAGE }),
});

/**
 * POST /api/staff-invitations/{token}/accept. `name` is needed only when the e-mail has no account
 * yet; `password` is then the new password (checked against the signup rule by the server), else
 * the account's current password.
 */
export const acceptInvitationSchema = z.object({
  name: nameField.optional(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** The accept form for an e-mail without an account: a name and a new password (the signup rule). */
export const acceptAsNewAccountSchema = z.object({ name: nameField, password: strongPasswordField });

/** One staff account in GET /api/admin/staff. */
export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleField,
  /** Two-step sign-in turned on. */
  twoStep: z.boolean(),
  /** When the member last signed in (ISO), null when not known. */
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** One pending invitation in GET /api/admin/staff. */
export const staffInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: staffRoleField,
  invitedBy: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** GET /api/staff-invitations/{token}: what the invitee sees before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: staffRoleField,
  invitedBy: z.string(),
  expiresAt: z.string(),
  /** The e-mail already has an account: accepting asks for its current password, not a new one. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The accept answer: signed in, like a login. */
export const acceptedInvitationSchema = z.object({ token: z.string(), user: userSchema });
