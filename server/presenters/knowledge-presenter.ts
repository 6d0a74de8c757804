import { PREVIEW_LENGTH, type KnowledgeDto, type KnowledgeSummaryDto } from '../../common/knowledge';
import { htmlToText } from '../content/knowledge-html';
import type { KnowledgeRow } from '../data/knowledge';

function common(row: KnowledgeRow) {
  return {
    id: row.id,
    short_id: row.short_id,
    account_id: row.account_id,
    user_id: row.user_id,
    title: row.title,
    tags: row.tags,
    ai_summary: row.ai_summary,
    author_name: row.author_name,
    pdf_thumbnail_path: row.pdf_thumbnail_path ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** An item for a list card: the body as plain text, cut at PREVIEW_LENGTH characters. */
export function presentKnowledgeSummary(row: KnowledgeRow): KnowledgeSummaryDto {
  return { ...common(row), preview: htmlToText(row.content).slice(0, PREVIEW_LENGTH) };
}

/** The whole item, as the article page and edit form need it. */
export function presentKnowledge(row: KnowledgeRow): KnowledgeDto {
  return { ...common(row), content: row.content, ai_question: row.ai_question };
}
