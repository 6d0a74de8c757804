import {
  editConflictSchema,
  nameVersionSchema,
  restoreRevisionSchema,
  revisionListSchema,
  revisionSchema,
  revisionVersionParam,
} from '../knowledge-history';
import { knowledgeRefSchema, knowledgeSchema } from '../knowledge';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

const itemParams = accountParams.extend({ knowledgeId: knowledgeRefSchema });
const revisionParams = itemParams.extend({ version: revisionVersionParam });
const tags = ['Knowledge history'];
const conflict = { 409: ok(editConflictSchema, 'Based on an older version: nothing saved; `current` is the item now') };

/** GET .../knowledge/{knowledgeId}/revisions: the item's history, newest first. */
export const listRevisions = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions',
  tags,
  summary: "An item's versions, newest first: the current one, then each earlier one kept (who, when, name)",
  description: 'Every member who can read the item can read its history. Lists at most the 200 newest.',
  request: { params: itemParams },
  responses: { 200: ok(dataOf(revisionListSchema), 'The versions'), ...errors(400) },
});

/** GET .../knowledge/{knowledgeId}/revisions/{version}: one version whole. */
export const getRevision = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions/{version}',
  tags,
  summary: 'One version of an item: its title, content and tags then',
  request: { params: revisionParams },
  responses: { 200: ok(dataOf(revisionSchema), 'The version'), ...errors(400) },
});

/** POST .../revisions/{version}/restore: the item becomes that version again, as a new version. */
export const restoreRevision = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions/{version}/restore',
  tags,
  summary: 'Restore a version: the item gets its title, content and tags as a new version',
  description:
    'Needs the right to edit the item. The version it replaces is kept in the history first: nothing is ' +
    'destroyed. `version` in the body is the version of the item the restore was based on (409 when older).',
  request: { params: revisionParams, body: jsonBody(restoreRevisionSchema) },
  responses: { 200: ok(dataOf(knowledgeSchema), 'The item, restored'), ...conflict, ...errors(400) },
});

/** POST .../knowledge/{knowledgeId}/revisions: "Save version", a name for the current version. */
export const nameCurrentVersion = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions',
  tags,
  summary: 'Save version: name the current version, so it is easy to find again',
  description: '`version`, when given, must be the current one (409 otherwise: the name would go to another text).',
  request: { params: itemParams, body: jsonBody(nameVersionSchema) },
  responses: { 200: ok(dataOf(revisionListSchema), 'The history, with the name'), ...conflict, ...errors(400) },
});
