/**
 * The staff invitation mail: who invited, the role, the one-time link and when it expires
 * (docs/architecture.md#staff-and-roles).
 */
import { BRAND } from '../../../core/constants';
import type { StaffRole } from '../../../core/permissions';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../core/staff-roles';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml, layout } from '../../integrations/mail/templates';

/** Builds the invitation mail to `to`; `link` is the absolute /accept-invitation?token=... address. */
export function staffInvitationMail(opts: { to: string; inviter: string; role: StaffRole; link: string; validHours: number }): MailMessage {
  const role = ROLE_LABELS[opts.role];
  const line = `${opts.inviter} invited you to join ${BRAND.name} as ${role}.`;
  const text = [
    'Hello,',
    '',
    line,
    `${role}: ${ROLE_DESCRIPTIONS[opts.role]}`,
    '',
    'Accept the invitation here:',
    opts.link,
    '',
    `The link works once and expires in ${opts.validHours} hours. If you did not expect it, ignore this e-mail.`,
    '',
    `— ${BRAND.name}`,
  ].join('\n');
  const html = layout(
    `Join the ${BRAND.name} team`,
    `<p>${escapeHtml(line)}</p>
<p style="color:#57534e">${escapeHtml(`${role}: ${ROLE_DESCRIPTIONS[opts.role]}`)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#e11d48;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">Accept the invitation</a></p>
<p style="font-size:13px;color:#78716c">Or open ${escapeHtml(opts.link)}<br>The link works once and expires in ${opts.validHours} hours. If you did not expect it, ignore this e-mail.</p>`,
  );
  return { to: opts.to, subject: `${opts.inviter} invited you to join ${BRAND.name}`, text, html };
}
