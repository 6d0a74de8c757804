import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from './page-header';

/** A section whose screens arrive in a later release. */
export function ComingSoon({ title, icon, description }: { title: string; icon: LucideIcon; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={icon} title="Coming soon">
        {description}
      </EmptyState>
    </>
  );
}
