import type { Migration } from 'kysely';
import * as auth from './0001-auth';
import * as accounts from './0002-accounts';
import * as knowledge from './0003-knowledge';
import * as pendingInvites from './0004-pending-invites';
import * as searchIndex from './0005-search-index';
import * as jobs from './0006-jobs';
import * as searchVocabulary from './0007-search-vocabulary';
import * as searchOutline from './0008-search-outline';
import * as searchVectors from './0009-search-vectors';
import * as searchPostings from './0010-search-postings';
import * as inviteOneOutcome from './0011-invite-one-outcome';
import * as sharedAuthState from './0012-shared-auth-state';
import * as knowledgeIdempotency from './0013-knowledge-idempotency';
import * as accountIdempotency from './0014-account-idempotency';
import * as twoFactor from './0015-two-factor';
import * as loginSessions from './0016-login-sessions';
import * as knowledgePdfs from './0017-knowledge-pdfs';
import * as changeEvents from './0018-change-events';
import * as loginLinksAndNamePrompt from './0019-login-links-and-name-prompt';
import * as knowledgePreview from './0020-knowledge-preview';
import * as knowledgeCounts from './0021-knowledge-counts';
import * as keywordRank from './0022-keyword-rank';
import * as spellingVariants from './0023-spelling-variants';
import * as knowledgeWeekCounts from './0024-knowledge-week-counts';
import * as twoFactorPerUser from './0025-two-factor-per-user';
import * as searchItems from './0026-search-items';
import * as spellingTrigrams from './0027-spelling-trigrams';
import * as sessionEndEvents from './0030-session-end-events';
import * as importKeysAndPdfReading from './0031-import-keys-and-pdf-reading';
import * as searchVectorsPgvector from './0032-search-vectors-pgvector';
import * as knowledgeRevisions from './0033-knowledge-revisions';
import * as knowledgeDocuments from './0034-knowledge-documents';
import * as collectionsAndNestedPages from './0035-collections-and-nested-pages';
import * as apiTokens from './0036-api-tokens';
import * as discussion from './0037-discussion';
import * as schemaComments from './0040-schema-comments';
import * as ginWithoutPendingList from './0041-gin-without-pending-list';
import * as vocabularyOfWords from './0042-vocabulary-of-words';
import * as placeInTreeByIndex from './0043-place-in-tree-by-index';
import * as countsWithoutJoins from './0044-counts-without-joins';
import * as treeIndexInReadingOrder from './0045-tree-index-in-reading-order';
import * as indexRequests from './0046-index-requests';
import * as wordsWrittenAsTheirTerm from './0047-words-written-as-their-term';
import * as passagesAsPlaces from './0048-passages-as-places';
import * as searchAccountKeys from './0049-search-account-keys';
import * as passageRowsForVectors from './0050-passage-rows-for-vectors';
import * as wordsOnTheirTerms from './0051-words-on-their-terms';
import * as termCountsWrittenInBulk from './0052-term-counts-written-in-bulk';
import * as tsvectorsKeptCompressed from './0053-tsvectors-kept-compressed';
import * as termWordsMergedInTheUpsert from './0054-term-words-merged-in-the-upsert';
import * as itemTermsGatheredBeforeTheirTree from './0055-item-terms-gathered-before-their-tree';
import * as itemCountsInOneTrigger from './0056-item-counts-in-one-trigger';

/** Every migration in order. Append-only: never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-auth': auth,
  '0002-accounts': accounts,
  '0003-knowledge': knowledge,
  '0004-pending-invites': pendingInvites,
  '0005-search-index': searchIndex,
  '0006-jobs': jobs,
  '0007-search-vocabulary': searchVocabulary,
  '0008-search-outline': searchOutline,
  '0009-search-vectors': searchVectors,
  '0010-search-postings': searchPostings,
  '0011-invite-one-outcome': inviteOneOutcome,
  '0012-shared-auth-state': sharedAuthState,
  '0013-knowledge-idempotency': knowledgeIdempotency,
  '0014-account-idempotency': accountIdempotency,
  '0015-two-factor': twoFactor,
  '0016-login-sessions': loginSessions,
  '0017-knowledge-pdfs': knowledgePdfs,
  '0018-change-events': changeEvents,
  '0019-login-links-and-name-prompt': loginLinksAndNamePrompt,
  '0020-knowledge-preview': knowledgePreview,
  '0021-knowledge-counts': knowledgeCounts,
  '0022-keyword-rank': keywordRank,
  '0023-spelling-variants': spellingVariants,
  '0024-knowledge-week-counts': knowledgeWeekCounts,
  '0025-two-factor-per-user': twoFactorPerUser,
  '0026-search-items': searchItems,
  '0027-spelling-trigrams': spellingTrigrams,
  '0030-session-end-events': sessionEndEvents,
  '0031-import-keys-and-pdf-reading': importKeysAndPdfReading,
  '0032-search-vectors-pgvector': searchVectorsPgvector,
  '0033-knowledge-revisions': knowledgeRevisions,
  '0034-knowledge-documents': knowledgeDocuments,
  '0035-collections-and-nested-pages': collectionsAndNestedPages,
  '0036-api-tokens': apiTokens,
  '0037-discussion': discussion,
  '0040-schema-comments': schemaComments,
  '0041-gin-without-pending-list': ginWithoutPendingList,
  '0042-vocabulary-of-words': vocabularyOfWords,
  '0043-place-in-tree-by-index': placeInTreeByIndex,
  '0044-counts-without-joins': countsWithoutJoins,
  '0045-tree-index-in-reading-order': treeIndexInReadingOrder,
  '0046-index-requests': indexRequests,
  '0047-words-written-as-their-term': wordsWrittenAsTheirTerm,
  '0048-passages-as-places': passagesAsPlaces,
  '0049-search-account-keys': searchAccountKeys,
  '0050-passage-rows-for-vectors': passageRowsForVectors,
  '0051-words-on-their-terms': wordsOnTheirTerms,
  '0052-term-counts-written-in-bulk': termCountsWrittenInBulk,
  '0053-tsvectors-kept-compressed': tsvectorsKeptCompressed,
  '0054-term-words-merged-in-the-upsert': termWordsMergedInTheUpsert,
  '0055-item-terms-gathered-before-their-tree': itemTermsGatheredBeforeTheirTree,
  '0056-item-counts-in-one-trigger': itemCountsInOneTrigger,
};
