import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { IMAGE_MIME_TYPES } from '@common/files';
import { PersonAvatar } from '@/components/layout/person-avatar';
import { Button } from '@/components/ui/button';
import { FieldError, Label } from '@/components/ui/input';
import { displayName, meQuery, useRemoveAvatar, useUploadAvatar } from '../api/profile';

/** Settings > Profile: the picture teammates see beside one's name; upload a new one or remove it. */
export function AvatarField() {
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const renew = useCallback(() => void queryClient.invalidateQueries(meQuery), [queryClient]);
  const avatarUrl = me.data?.profile.avatar_url;
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success('Avatar updated'),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="profile-avatar-file">Avatar</Label>
      <div className="flex items-center gap-4">
        <PersonAvatar name={displayName(me.data, '?')} url={avatarUrl} onExpired={renew} className="size-16 text-lg" />
        <input
          ref={input}
          id="profile-avatar-file"
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          className="sr-only"
          onChange={choose}
        />
        <Button type="button" variant="outline" disabled={busy || !me.data} onClick={() => input.current?.click()}>
          <ImageUp /> {upload.isPending ? 'Uploading...' : avatarUrl ? 'Change avatar' : 'Upload avatar'}
        </Button>
        {avatarUrl && (
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Avatar removed'),
                onError: (failure) => setError(failure.message),
              })
            }
          >
            <Trash2 /> Remove
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, at most 10 MB.</p>
      <FieldError>{error}</FieldError>
    </div>
  );
}
