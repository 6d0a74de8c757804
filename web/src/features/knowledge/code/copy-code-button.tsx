import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** The article's button on a code block: copies the block's text (never the button's own label). */
export function CopyCodeButton({ pre }: { pre: HTMLElement }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = pre.querySelector('code')?.textContent ?? '';
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      onBlur={() => setCopied(false)}
      className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-md border border-zinc-600 bg-zinc-800 px-2 py-0.5 font-sans text-xs text-zinc-100 hover:bg-zinc-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy code'}</span>
    </button>
  );
}
