import { displayNameOf } from '@common/profile';
import { PersonAvatar } from '@/components/layout/person-avatar';

/** A person as a table row shows them: avatar (or initials), name (or their e-mail's name part) and e-mail. */
export function MemberIdentity({
  name,
  email,
  you,
  avatarUrl,
  onAvatarExpired,
}: {
  name: string | null;
  email: string;
  you?: boolean;
  avatarUrl?: string | null;
  onAvatarExpired?: () => void;
}) {
  const shownName = displayNameOf(name, email);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PersonAvatar name={shownName} url={avatarUrl} onExpired={onAvatarExpired} />
      <div className="min-w-0">
        <div className="flex min-w-0 items-baseline gap-1.5 font-medium">
          <span className="truncate">{shownName}</span>
          {you && <span className="shrink-0 text-xs font-normal text-muted-foreground">(you)</span>}
        </div>
        <div className="truncate text-xs text-muted-foreground">{email}</div>
      </div>
    </div>
  );
}
