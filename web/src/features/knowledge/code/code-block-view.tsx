import { NodeViewContent, NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import { CODE_LANGUAGES, lowlight } from './code-languages';

/** A code block in the editor: highlighted as it is typed, with its language picked above it. */
function CodeBlockView({ node, updateAttributes, editor }: ReactNodeViewProps) {
  const language = (node.attrs.language as string | null) ?? '';
  // A block written with another language (imported Markdown, say) shows it among the choices, unchanged.
  const choices = CODE_LANGUAGES.some((choice) => choice.value === language)
    ? CODE_LANGUAGES
    : [...CODE_LANGUAGES, { value: language, label: language }];
  return (
    <NodeViewWrapper className="code-block relative">
      <select
        contentEditable={false}
        disabled={!editor.isEditable}
        aria-label="Code language"
        value={language}
        onChange={(event) => updateAttributes({ language: event.target.value || null })}
        className="absolute right-2 top-2 z-10 rounded-md border border-zinc-600 bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <pre>
        <NodeViewContent<'code'> as="code" className={language ? `language-${language}` : undefined} />
      </pre>
    </NodeViewWrapper>
  );
}

/** The schema's code block (`<pre><code class="language-x">`) with lowlight's highlighting and the picker. */
export const HighlightedCodeBlock = CodeBlockLowlight.extend({
  addNodeView() {
    return ReactNodeViewRenderer(CodeBlockView);
  },
}).configure({ lowlight });
