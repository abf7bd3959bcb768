/**
 * Contact form and POST /api/contacts body.
 */
import { z } from 'zod';
import { emailField, mobileField } from './common';

export const contactSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(80, 'Name must be at most 80 characters'),
  email: emailField,
  phone: mobileField,
  comment: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Message must be at least 10 characters')
    .max(450, 'Message cannot exceed 450 characters'),
  /** Ignored: the server decides from the token. */
  registeredUser: z.boolean().optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
