import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CommentEmail, NotificationSettingsDto } from '@common/discussion';
import { ChoiceCard } from '@/components/ui/choice-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { emailSettingsQuery, useUpdateEmailSettings } from '../api/email-settings-api';

const COMMENT_CHOICES: ReadonlyArray<readonly [CommentEmail, string, string]> = [
  ['each', 'Each one', 'An e-mail for every reply, comment, edit and resolved thread.'],
  ['daily', 'Daily digest', 'One e-mail a day with everything new.'],
  ['none', 'None', 'Only in the app, under the bell.'],
];

/**
 * Settings > Profile: how notifications are e-mailed (decision 38). Mentions on their own, at once or not;
 * the rest each, as a daily digest, or not at all. Each choice is saved as it is made.
 */
export function EmailSettingsCard() {
  const settings = useQuery(emailSettingsQuery);
  const update = useUpdateEmailSettings();
  // The choices just made, drawn in the click itself: React draws its own state before it puts a
  // controlled input back as it was, while the query's new data comes a task later (a quick look
  // after the click saw it undone).
  const [chosen, setChosen] = useState<Partial<NotificationSettingsDto>>({});
  const forget = (change: Partial<NotificationSettingsDto>) =>
    setChosen((shown) => {
      const left = { ...shown };
      for (const key of Object.keys(change) as Array<keyof NotificationSettingsDto>)
        if (left[key] === change[key]) delete left[key];
      return left;
    });
  const save = (change: Partial<NotificationSettingsDto>) => {
    setChosen((shown) => ({ ...shown, ...change }));
    update(change, {
      onSuccess: () => {
        forget(change);
        toast.success('E-mail settings saved');
      },
      onError: (failure) => {
        forget(change);
        toast.error(failure.message);
      },
    });
  };
  const data = settings.data && { ...settings.data, ...chosen };
  return (
    <Card data-testid="email-settings">
      <CardHeader>
        <CardTitle>E-mail notifications</CardTitle>
        <CardDescription>
          What Lore e-mails you about comments and mentions, in every workspace. The bell shows everything either way.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-md gap-6">
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your e-mail settings. {settings.error.message}
          </p>
        ) : !data ? (
          <Spinner />
        ) : (
          <>
            <label className="flex cursor-pointer items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={data.mention_email}
                onChange={(event) => save({ mention_email: event.target.checked })}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">Mentions</span>
                <span className="block text-muted-foreground">E-mail me at once when someone @mentions me.</span>
              </span>
            </label>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Replies, comments and edits on what I watch</legend>
              {COMMENT_CHOICES.map(([value, label, hint]) => (
                <ChoiceCard
                  key={value}
                  name="comment-email"
                  value={value}
                  checked={data.comment_email === value}
                  onChange={() => save({ comment_email: value })}
                  label={label}
                  hint={hint}
                />
              ))}
            </fieldset>
          </>
        )}
      </CardContent>
    </Card>
  );
}
