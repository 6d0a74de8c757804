import { SEARCH_MAX_LENGTH } from '@common/knowledge-limits';
import { BookOpen, Keyboard, Search, Star, Tags, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold">
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-4" />
        </span>
        {title}
      </h2>
      <div className="grid gap-2 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

const shortcuts: Array<[string, string]> = [
  ['Ctrl/⌘ + B', 'Bold'],
  ['Ctrl/⌘ + I', 'Italic'],
  ['Ctrl/⌘ + Shift + S', 'Strikethrough'],
  ['Ctrl/⌘ + E', 'Inline code'],
  ['Ctrl/⌘ + Alt + 1, 2, 3', 'Heading 1, 2, 3'],
  ['Ctrl/⌘ + Shift + 7', 'Numbered list'],
  ['Ctrl/⌘ + Shift + 8', 'Bullet list'],
  ['Ctrl/⌘ + Shift + 9', 'Task list'],
  ['Ctrl/⌘ + Shift + B', 'Quote'],
  ['Ctrl/⌘ + Alt + C', 'Code block'],
  ['Ctrl/⌘ + Z / Shift + Z', 'Undo / redo'],
  ['Space, arrows, Space', 'Move a starred item (on its handle); Escape cancels'],
];

/** /account/:id/help: how to write, tag, search and star, and the keyboard shortcuts. */
export function HelpPage() {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Help" description="Everything you need to write and find your team's knowledge." />
      <div className="grid gap-4 md:grid-cols-2">
        <Section icon={BookOpen} title="Writing">
          <p>
            Choose <strong>Add Knowledge</strong> on the Knowledge page. Give the item a title (required), then write
            with headings, lists, task lists, quotes, code and links from the toolbar.
          </p>
          <p>
            Add pictures with the image button, or paste or drop them into the text. PNG, JPEG, GIF and WebP images up
            to 10 MB are stored privately: only members of this workspace can see them.
          </p>
          <p>If you leave a form with unsaved changes, Lore asks before discarding them.</p>
        </Section>
        <Section icon={Tags} title="Tagging">
          <p>
            Type a tag and press Enter or a comma. Lore suggests tags your team already uses, so the same topic keeps
            the same name.
          </p>
          <p>Cards show three tags and how many more there are; the article shows them all.</p>
        </Section>
        <Section icon={Search} title="Searching">
          <p>
            The search box finds items that contain every meaningful word you type, with any ending (<em>deploy</em>
            also finds <em>deploying</em> and <em>deployed</em>). Common words such as <em>how</em>, <em>do</em> or{' '}
            <em>I</em> are not needed; typed on their own, like a tag named <em>IT</em>, they find titles and tags.
          </p>
          <p>
            Results come best match first: a word in the title counts most, then in the tags, then in the text. Choose{' '}
            <strong>Newest</strong> to see the latest changes first instead; without a search, the list is always newest
            first.
          </p>
          <p>
            The last word also finds longer words while you type (<em>passw</em> finds <em>password</em>). Accents do
            not matter (<em>emigre</em> finds <em>émigré</em>), Chinese and Japanese are found by any two or more
            characters in a row, and names like <code>pg_dump</code> are found whole or by their parts. Put{' '}
            <code>-</code> before a word to leave out items that have it, and <code>or</code> between two words to find
            either.
          </p>
          <p>
            When your words find nothing but words your team uses are close, Lore shows what those find and says so:{' '}
            <strong>Showing results for ...</strong>, with a link to search for your words as you typed them. A search
            can be up to {SEARCH_MAX_LENGTH} characters.
          </p>
          <p>
            Pick tags under <strong>Filter by tag</strong>: only items with all the chosen tags are shown. The address
            bar keeps your filters, so you can share or bookmark them.
          </p>
          <p>
            Have a question instead? Ask the <strong>AI Search</strong> bar above the list.
          </p>
        </Section>
        <Section icon={Star} title="Starring">
          <p>
            Star an item from its card or its article. Your stars are yours alone and appear under{' '}
            <strong>Starred</strong> on the Knowledge page and on the dashboard.
          </p>
          <p>
            Reorder them by dragging the handle, or from the keyboard: focus a handle, press Space, move with the arrow
            keys, and press Space again.
          </p>
        </Section>
      </div>
      <section className="mt-4 rounded-xl border bg-card p-6 shadow-sm">
        <h2 className="mb-3 flex items-center gap-2 text-base font-semibold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Keyboard className="size-4" />
          </span>
          Keyboard shortcuts
        </h2>
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {shortcuts.map(([keys, action]) => (
            <div key={keys} className="flex items-center justify-between gap-4 border-b border-dashed py-1.5">
              <dt className="text-muted-foreground">{action}</dt>
              <dd>
                <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
