import { Crown, Shield, User } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const roles = {
  owner: { label: 'Owner', icon: Crown, variant: 'warning' },
  admin: { label: 'Admin', icon: Shield, variant: 'default' },
  member: { label: 'Member', icon: User, variant: 'muted' },
} as const;

export function RoleBadge({ role }: { role: keyof typeof roles }) {
  const { label, icon: Icon, variant } = roles[role];
  return (
    <Badge variant={variant}>
      <Icon className="size-3" /> {label}
    </Badge>
  );
}
