import { z } from 'zod';
import {
  knowledgeDeleteQuerySchema,
  knowledgeInputSchema,
  knowledgeListQuerySchema,
  knowledgePageSchema,
  knowledgeRefSchema,
  knowledgeSchema,
  knowledgeUpdateSchema,
  tagCountSchema,
  weeklyCountSchema,
} from '../knowledge';
import { BUCKETS, MAX_IMAGE_BYTES } from '../files';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

/** A stored image, to be shown through /api/secureImage. */
export const uploadedImageSchema = z.object({ bucket: z.enum(BUCKETS), path: z.string(), url: z.string() });
export type UploadedImageDto = z.infer<typeof uploadedImageSchema>;

const itemParams = accountParams.extend({ knowledgeId: knowledgeRefSchema });
const tags = ['Knowledge'];

/**
 * GET .../knowledge: a page of items with every `tag`; newest first, or with a
 * `search` best match first (`sort=newest` for newest), with a spelling suggestion.
 */
export const listKnowledge = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge',
  tags,
  summary: 'List items (20 a page), filtered by `search` and every `tag`',
  description:
    'Without `search`, newest change first. With it, every meaningful word must match (stop words such as "how" ' +
    'only when the search has nothing else), the last word also as the start of a word, `-word` leaves items out ' +
    'and `a or b` takes either; best match first (BM25, as the AI search ranks) unless `sort=newest`. When the ' +
    'words as typed find nothing, the items of the nearest workspace words are answered and `correctedSearch` says ' +
    "which (`exact=true` keeps to the words as typed); else the first page's `suggestion` corrects misspelt words.",
  request: { params: accountParams, query: knowledgeListQuerySchema },
  responses: { 200: ok(dataOf(knowledgePageSchema), 'One page of items'), ...errors(400) },
});

/** GET .../knowledge/tags: every tag in use, most used first. */
export const listKnowledgeTags = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/tags',
  tags,
  summary: 'Tags in use, with how many items carry each',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(z.array(tagCountSchema)), 'The tags') },
});

/** GET .../knowledge/count. */
export const countKnowledge = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/count',
  tags,
  summary: 'How many items the account has',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(z.object({ count: z.number().int() })), 'The count') },
});

/** GET .../knowledge/weekly: items created per week, the last 12 weeks. */
export const weeklyKnowledge = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/weekly',
  tags,
  summary: 'Items created per week over the last 12 weeks',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(z.array(weeklyCountSchema)), 'One entry per week, oldest first') },
});

/** POST .../knowledge: a new item; its HTML is sanitized before it is stored. */
export const createKnowledge = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge',
  tags,
  summary: 'Create an item',
  request: { params: accountParams, body: jsonBody(knowledgeInputSchema) },
  responses: { 201: ok(dataOf(knowledgeSchema), 'The new item'), ...errors(400, 403) },
});

/** GET .../knowledge/{knowledgeId}: one item by id or short id. */
export const getKnowledge = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
  tags,
  summary: 'One item, by id or short id',
  request: { params: itemParams },
  responses: { 200: ok(dataOf(knowledgeSchema), 'The item'), ...errors(400, 403) },
});

/**
 * PATCH .../knowledge/{knowledgeId}: change any of title, content, tags, based on the item's `version` (409
 * with the item in `current` when it has a newer one; decision 31). Said in the README, not in a description
 * here: every byte of this file is in the knowledge list's first load.
 */
export const updateKnowledge = defineEndpoint('member', {
  method: 'patch',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
  tags,
  summary: 'Edit an item',
  request: { params: itemParams, body: jsonBody(knowledgeUpdateSchema) },
  responses: { 200: ok(dataOf(knowledgeSchema), 'The edited item'), ...errors(400, 403, 409) },
});

/** DELETE .../knowledge/{knowledgeId}: the item, its stars and its images; its pages move up unless `children=delete`. */
export const deleteKnowledge = defineEndpoint('member', {
  method: 'delete',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
  tags,
  summary: 'Delete an item with its stars and images (its pages move up to its parent, or go too)',
  request: { params: itemParams, query: knowledgeDeleteQuerySchema },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 403) },
});

/** POST .../knowledge-images: an image for an article, checked by its content. */
export const uploadKnowledgeImage = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge-images',
  tags,
  summary: `Upload an image for an article (multipart field \`file\`; PNG, JPEG, GIF or WebP; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`,
  request: {
    params: accountParams,
    // A plain schema, not zod: documented here, read and checked by content in the route.
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
        },
      },
    },
  },
  responses: { 201: ok(dataOf(uploadedImageSchema), 'The stored image'), ...errors(400, 403, 413, 415) },
});
