import {
  collectionDeleteQuerySchema,
  collectionInputSchema,
  collectionListSchema,
  collectionOrderSchema,
  collectionSchema,
  collectionUpdateSchema,
  collectionWithCountSchema,
  treeLevelQuerySchema,
  treeLevelSchema,
  moveInputSchema,
} from '../collections';
import { knowledgeRefSchema, knowledgeSchema } from '../knowledge';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';
import { z } from 'zod';

const tags = ['Collections'];
const collectionParams = accountParams.extend({ collectionId: z.string() });

/** GET .../collections: the collections the caller sees, in order (decision 35). */
export const listCollections = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/collections',
  tags,
  summary: 'The collections the caller sees, in order',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(collectionListSchema), 'The collections') },
});

/** GET .../collections/{collectionId}: one collection, with how many items it holds. */
export const getCollection = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
  tags,
  summary: 'One collection the caller sees, with how many items it holds',
  request: { params: collectionParams },
  responses: { 200: ok(dataOf(collectionWithCountSchema), 'The collection') },
});

/** GET .../collections/{collectionId}/tree: one level of its tree, a page at a time. */
export const collectionTreeLevel = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/collections/{collectionId}/tree',
  tags,
  summary: 'The pages directly under a page of the collection (its top without parentId), in order, 100 at a time',
  request: { params: collectionParams, query: treeLevelQuerySchema },
  responses: { 200: ok(dataOf(treeLevelSchema), 'One page of the level'), ...errors(400) },
});

/** POST .../collections: a new collection at the end (owners and admins). */
export const createCollection = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/collections',
  tags,
  summary: 'Create a collection (owners and admins)',
  request: { params: accountParams, body: jsonBody(collectionInputSchema) },
  responses: { 201: ok(dataOf(collectionSchema), 'The new collection'), ...errors(400, 403) },
});

/** PATCH .../collections/{collectionId}: rename, describe, colour, restrict and choose members (owners and admins). */
export const updateCollection = defineEndpoint('member', {
  method: 'patch',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
  tags,
  summary: 'Change a collection: name, description, colour, restriction and chosen members (owners and admins)',
  request: { params: collectionParams, body: jsonBody(collectionUpdateSchema) },
  responses: { 200: ok(dataOf(collectionSchema), 'The collection'), ...errors(400, 403) },
});

/** PUT .../collections/order: the collections' order (owners and admins). */
export const reorderCollections = defineEndpoint('member', {
  method: 'put',
  path: '/api/accounts/{accountId}/collections/order',
  tags,
  summary: 'Put the collections in a new order (owners and admins)',
  request: { params: accountParams, body: jsonBody(collectionOrderSchema) },
  responses: { 200: ok(dataOf(collectionListSchema), 'The collections'), ...errors(400, 403) },
});

/** DELETE .../collections/{collectionId}: its items move to another collection or are deleted (owners and admins). */
export const deleteCollection = defineEndpoint('member', {
  method: 'delete',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
  tags,
  summary: 'Delete a collection; its items move to `moveItemsTo` or, with `deleteItems=true`, are deleted',
  request: { params: collectionParams, query: collectionDeleteQuerySchema },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 403) },
});

/** POST .../knowledge/{knowledgeId}/move: an item with its pages, to a collection, under a parent, at a place. */
export const moveKnowledge = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/move',
  tags,
  summary: 'Move an item with the pages under it: to a collection, under another item or to the top, at a place',
  request: {
    params: accountParams.extend({ knowledgeId: knowledgeRefSchema }),
    body: jsonBody(moveInputSchema),
  },
  responses: { 200: ok(dataOf(knowledgeSchema), 'The moved item'), ...errors(400, 403) },
});
