import { PersonAvatar } from '@/components/layout/person-avatar';

/** A person as a table row shows them: avatar (or initials), name and e-mail. */
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
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PersonAvatar name={name || email} url={avatarUrl} onExpired={onAvatarExpired} />
      <div className="min-w-0">
        <div className="truncate font-medium">
          {name || email}
          {you && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
        </div>
        {name && <div className="truncate text-xs text-muted-foreground">{email}</div>}
      </div>
    </div>
  );
}
