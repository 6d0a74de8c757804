import type { ComponentProps } from 'react';

/** A radio button as a bordered card: its label in bold and a hint below, the whole card clickable. */
export function ChoiceCard({
  label,
  hint,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: string; hint: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm">
      <input type="radio" className="mt-0.5 size-4 accent-primary" {...input} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
