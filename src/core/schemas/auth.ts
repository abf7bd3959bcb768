/**
 * Account forms and API bodies: login, signup, one-time codes,
 * forgot and reset password. Same schema on both sides, so the same messages.
 */
import { z } from 'zod';
import { emailField, mobileField, otpCodeField, strongPasswordField } from './common';

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const nameField = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .min(2, 'Name must be at least 2 characters')
  .max(80, 'Name must be at most 80 characters')
  .regex(/^[A-Za-z ]+$/, 'Name should only contain letters and spaces');

export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  phone: mobileField,
  password: strongPasswordField,
});
export type SignupInput = z.input<typeof signupSchema>;

export const verificationIdField = z
  .string({ error: 'Verification not found' })
  .min(1, 'Verification not found')
  .max(64, 'Verification not found');

export const verifyOtpSchema = z.object({ verificationId: verificationIdField, code: otpCodeField });
export const resendOtpSchema = z.object({ verificationId: verificationIdField });
export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  verificationId: verificationIdField,
  code: otpCodeField,
  newPassword: strongPasswordField,
});

/** The reset form on screen: new password and its confirmation. */
export const newPasswordFormSchema = z
  .object({
    newPassword: strongPasswordField,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
