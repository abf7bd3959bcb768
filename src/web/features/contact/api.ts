/**
 * Contact calls: POST /api/contacts. The form is prefilled from the account's profile query.
 */
import { CONTACT_THANKS } from '../../../core/constants';
import type { ContactInput } from '../../../core/schemas/contact';
import { ApiRequestError, apiFetch } from '../../lib/api';

/** A failed send without a server message. */
export const CONTACT_FAILED = 'Failed to send message. Please try again.';
/** The request never reached the server. */
export const CONTACT_NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/** POST /api/contacts; resolves to the thank-you message, throws ApiRequestError with the spec's fallbacks. */
export async function sendContactMessage(body: ContactInput): Promise<string> {
  try {
    const res = await apiFetch<{ message?: string }>('/api/contacts', { method: 'POST', body, fallbackMessage: CONTACT_FAILED });
    return res?.message || CONTACT_THANKS;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 0) throw new ApiRequestError(0, CONTACT_NETWORK_ERROR);
    throw error;
  }
}
