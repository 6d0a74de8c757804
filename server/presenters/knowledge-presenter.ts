import type { KnowledgeDto, KnowledgeSummaryDto } from '../../common/knowledge';
import { displayNameOf } from '../../common/profile';
import type { KnowledgeRow, KnowledgeSummaryRow } from '../data/knowledge';

/**
 * How an item names its author: their full name, or their e-mail's name part
 * until they give one; null (the page says 'Unknown Author') once the user is deleted.
 */
export const authorNameOf = (row: { author_full_name: string | null; author_email: string | null }) =>
  row.author_email === null ? null : displayNameOf(row.author_full_name, row.author_email);

function common(row: KnowledgeSummaryRow) {
  return {
    id: row.id,
    short_id: row.short_id,
    account_id: row.account_id,
    user_id: row.user_id,
    title: row.title,
    tags: row.tags,
    ai_summary: row.ai_summary,
    author_name: authorNameOf(row),
    pdf_thumbnail_path: row.pdf_thumbnail_path ?? null,
    pdf_processing: Boolean(row.pdf_processing),
    comment_count: Number(row.comment_count),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    collectionId: row.collection_id,
    parentId: row.parent_id,
    position: row.position,
  };
}

/** An item for a list card: its preview (the body as plain text, cut at PREVIEW_LENGTH characters, stored on save). */
export function presentKnowledgeSummary(row: KnowledgeSummaryRow): KnowledgeSummaryDto {
  return { ...common(row), preview: row.preview };
}

/** The whole item, as the article page and edit form need it. */
export function presentKnowledge(row: KnowledgeRow): KnowledgeDto {
  return {
    ...common(row),
    content: row.content,
    ai_question: row.ai_question,
    version: row.version,
    collectionName: row.collection_name,
    ancestors: row.ancestors,
    children: row.children,
  };
}
