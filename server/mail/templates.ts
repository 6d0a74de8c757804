import { LOGIN_LINK_LIFETIME_MINUTES } from '../../common/auth';
import { INVITE_LIFETIME_DAYS } from '../../common/members';
import type { Mail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Wraps a message and one call-to-action link in Lore's plain e-mail layout. */
function layout(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): Mail {
  const { to, subject, intro, action, url, outro } = options;
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#18181b;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#52525b;font-size:14px">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** The e-mail that carries a one-time sign-in link. */
export function loginLinkMail(to: string, url: string): Mail {
  return layout({
    to,
    subject: 'Your Lore sign-in link',
    intro: `Use the link below to sign in to Lore. It works once and expires in ${LOGIN_LINK_LIFETIME_MINUTES} minutes.`,
    action: 'Sign in to Lore',
    url,
    outro: 'If you did not ask for this link, you can ignore this e-mail.',
  });
}

/** The e-mail that invites someone to join an account. */
export function invitationMail(
  to: string,
  options: { accountName: string; inviterName: string; role: string; url: string },
): Mail {
  return layout({
    to,
    subject: `You are invited to join ${options.accountName} on Lore`,
    intro: `${options.inviterName} invited you to join ${options.accountName} on Lore as ${options.role === 'admin' ? 'an admin' : 'a member'}.`,
    action: 'View invitation',
    url: options.url,
    outro: `The invitation expires in ${INVITE_LIFETIME_DAYS} days. Sign in with this e-mail address to accept it.`,
  });
}

/** A notification e-mail: what happened, a link to the place it is about, and the unsubscribe link (decision 38). */
export function notificationMail(
  to: string,
  options: { subject: string; lines: string[]; action: string; url: string; unsubscribeUrl: string },
): Mail {
  const mail = layout({
    to,
    subject: options.subject,
    intro: options.lines.join('\n\n'),
    action: options.action,
    url: options.url,
    outro: `To stop these e-mails, unsubscribe: ${options.unsubscribeUrl}`,
  });
  return { ...mail, html: mail.html.replace(/\n/g, '<br>') };
}
