import { Initials } from '@/components/layout/initials';

/** A person as a table row shows them: initials, name and e-mail. */
export function MemberIdentity({ name, email, you }: { name: string | null; email: string; you?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Initials name={name || email} className="rounded-full" />
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
