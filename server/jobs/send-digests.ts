import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { describeNotification, notificationUrl, unsubscribeUrl } from '../commands/discuss';
import { markNotificationsMailed, noteDigestSent, peopleOwedDigest, pendingDigestRows } from '../data/notifications';
import { notificationSettings } from '../data/notifications';
import type { Mailer } from '../mail/mailer';
import { notificationMail } from '../mail/templates';
import type { JobHandler } from './worker';

export const SEND_DIGESTS = 'send_notification_digests';
/** How often each process asks for digests to be sent (a person gets at most one a day). */
export const SEND_DIGESTS_EVERY_MS = 60 * 60_000;

/**
 * The daily digest (decision 38): to each person who chose it, once a day, one e-mail with the
 * notifications that waited for it. A person who chose otherwise since gets none, and what waited
 * stays in the app.
 */
export const sendDigests =
  (deps: {
    db: Kysely<DB>;
    mailer: Mailer;
    baseUrl: string;
    auth: { $context: Promise<{ secret: string }> };
    now?: () => Date;
  }): JobHandler =>
  async (_job, { logger }) => {
    const now = deps.now?.() ?? new Date();
    for (const person of await peopleOwedDigest(deps.db, now)) {
      const rows = await pendingDigestRows(deps.db, person.id);
      const ids = rows.map((row) => row.id);
      if ((await notificationSettings(deps.db, person.id)).comment_email !== 'daily') {
        await deps.db.updateTable('notifications').set({ mail: 'none' }).where('id', 'in', ids).execute();
        continue;
      }
      const lines = rows.map((row) => `${describeNotification(row)}: ${notificationUrl(deps.baseUrl, row)}`);
      await deps.mailer.send(
        notificationMail(person.email, {
          subject: `Lore: ${rows.length} new notification${rows.length === 1 ? '' : 's'}`,
          lines,
          action: 'Open the first in Lore',
          url: notificationUrl(deps.baseUrl, rows[0]!),
          unsubscribeUrl: await unsubscribeUrl(deps, person.id),
        }),
      );
      await markNotificationsMailed(deps.db, ids);
      await noteDigestSent(deps.db, person.id, now);
      logger.info({ userId: person.id, count: rows.length }, 'Notification digest sent');
    }
  };
