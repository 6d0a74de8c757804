import type { ChatModel } from './model-client';
import type { Source } from './writer';

/** Characters of each passage the model is shown: enough to answer from, within a small model's context. */
const PASSAGE_CHARACTERS = 1500;

const INSTRUCTIONS = [
  "You answer questions from a team's knowledge base, using only the numbered passages given.",
  'Cite the passages you use as [1], [2] right after the sentence they support.',
  'If the passages do not answer the question, say so plainly in one sentence; do not guess.',
  'Answer in Markdown, briefly: a short paragraph or a list.',
].join(' ');

/** The prompt: the question and the numbered passages, each headed by its item's title and section. */
export function answerPrompt(question: string, sources: Source[]) {
  const passages = sources
    .map(({ n, title, heading, text }) => {
      const where = heading && heading !== title ? `${title} — ${heading}` : title;
      return `[${n}] ${where}\n${text.slice(0, PASSAGE_CHARACTERS)}`;
    })
    .join('\n\n');
  return [
    { role: 'system' as const, content: INSTRUCTIONS },
    { role: 'user' as const, content: `Passages:\n\n${passages}\n\nQuestion: ${question}` },
  ];
}

/** The model's answer, its tokens passed through as they come. */
export function answerWithModel(model: ChatModel, question: string, sources: Source[], signal: AbortSignal) {
  return model.stream(answerPrompt(question, sources), { signal });
}
