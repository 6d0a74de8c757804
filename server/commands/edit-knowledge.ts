import type { AppDeps } from '../app-env';
import { notifyEditAfterSave } from './discuss';
import { storedImagePaths, storedPdfPaths } from '../content/knowledge-html';
import { findWrittenVersion, setDerivedVersion } from '../data/knowledge-documents';
import { removePdfsNotIn } from '../data/knowledge-pdfs';
import { findKnowledge, lockItemVersion, writeItemVersion, type ItemText, type KnowledgeRow } from '../data/knowledge';
import { keepRevision } from '../data/knowledge-revisions';
import { editConflict, notFound } from '../errors';
import { cleanUpImagesLater } from '../jobs/clean-up-images';
import { describeItemLater } from '../jobs/describe-item';
import { presentKnowledge } from '../presenters/knowledge-presenter';

/** An edit of an item: the fields it changes (content already sanitized), and the version it was based on. */
export interface KnowledgeEdit {
  accountId: string;
  knowledgeId: string;
  editorId: string;
  changes: Partial<ItemText>;
  /** The version the editor started from; undefined: none given (last writer wins, the replaced text kept). */
  baseVersion?: number;
  /** The version this edit brings back, for a restore. */
  restoredFrom?: number;
  /**
   * Written by the item's live document (decision 34): the version it replaces is not kept when the
   * document wrote it too (an autosave a few seconds old; the quiet after a session keeps one), and the
   * new version is recorded as the document's, so it is not applied back to the document.
   */
  fromDocument?: boolean;
}

/** What saving an edit needs: the database, search's indexer, and what notifying watchers needs. */
export type EditDeps = Pick<AppDeps, 'database' | 'logger' | 'searchIndexer' | 'mailer' | 'auth' | 'env'>;

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Saves an edit (or a restore) the one way, in one transaction with the item
 * locked: refused with 409 and the current item when it was based on an older
 * version; otherwise the version it replaces is kept as a revision and the item
 * becomes the next version. An edit that changes nothing writes nothing. Then, as
 * after every save: its indexing for search asked for (decision 45), its summary
 * asked for (by a job with a model, with its index without: decision 51), and files
 * it no longer shows left to the clean-up.
 */
export async function editKnowledgeItem(deps: EditDeps, edit: KnowledgeEdit): Promise<KnowledgeRow> {
  const { db } = deps.database;
  const { accountId, knowledgeId } = edit;
  const outcome = await db.transaction().execute(async (trx) => {
    const current = await lockItemVersion(trx, accountId, knowledgeId);
    if (!current) throw notFound('Knowledge item not found');
    if (edit.baseVersion !== undefined && edit.baseVersion !== current.version) {
      const item = (await findKnowledge(trx, accountId, { id: knowledgeId }))!;
      throw editConflict(presentKnowledge(item));
    }
    const next: ItemText = {
      title: edit.changes.title ?? current.title,
      content: edit.changes.content ?? current.content,
      tags: edit.changes.tags ?? current.tags,
    };
    const changed =
      next.title !== current.title || next.content !== current.content || !sameTags(next.tags, current.tags);
    let indexRequest: string | null = null;
    if (changed) {
      const autosaved = edit.fromDocument && (await findWrittenVersion(trx, knowledgeId)) === current.version;
      if (!autosaved) await keepRevision(trx, current);
      indexRequest = await writeItemVersion(
        trx,
        {
          accountId,
          id: knowledgeId,
          version: current.version + 1,
          editorId: edit.editorId,
          restoredFrom: edit.restoredFrom,
        },
        next,
      );
      if (edit.fromDocument) await setDerivedVersion(trx, knowledgeId, current.version + 1, true);
    }
    return {
      before: current.content,
      changed,
      indexRequest,
      titleOrTagsChanged: next.title !== current.title || !sameTags(next.tags, current.tags),
      contentChanged: next.content !== current.content,
      row: (await findKnowledge(trx, accountId, { id: knowledgeId }))!,
    };
  });
  const { row, before, changed, indexRequest, contentChanged, titleOrTagsChanged } = outcome;
  if (!changed) return row;

  // Watchers hear of the edit, and people newly mentioned in the content of their mention (decision 38).
  await notifyEditAfterSave(
    { db, mailer: deps.mailer, logger: deps.logger, baseUrl: deps.env.BASE_URL, auth: deps.auth },
    row,
    { actorId: edit.editorId, before, after: row.content, textChanged: titleOrTagsChanged },
  );

  // A PDF block taken out of the content takes its attachment (and, through the clean-up, its files) with it.
  const lostPdfs = contentChanged && (await removePdfsNotIn(db, row.id, storedPdfPaths(row.content, accountId))) > 0;
  // Handed to the indexer as written (its PDFs' text is read, as the removal above may change it).
  const { id, account_id, title, tags, content } = row;
  deps.searchIndexer.indexSoon(row, { id, account_id, title, tags, content, index_request: indexRequest });
  await describeItemLater({ db, logger: deps.logger, searchIndexer: deps.searchIndexer }, row.id);
  if (lostPdfs || (contentChanged && lostImages(before, row.content, accountId)))
    await cleanUpImagesLater(db, accountId, deps.logger);
  return row;
}

/** Whether an edit took out an image the item showed before. */
function lostImages(before: string, after: string, accountId: string): boolean {
  const kept = new Set(storedImagePaths(after, accountId));
  return storedImagePaths(before, accountId).some((path) => !kept.has(path));
}
