import { z } from 'zod';
import { knowledgeRefSchema } from '../knowledge';
import {
  STAR_MESSAGES,
  starInputSchema,
  starPositionsInputSchema,
  starPositionsResultSchema,
  starSchema,
} from '../stars';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

const tags = ['Stars'];
const starList = ok(dataOf(z.array(starSchema)), "The caller's stars in the account, in order");

/** GET .../stars: the caller's own stars. */
export const listStars = defineEndpoint(
  'member',
  {
    method: 'get',
    path: '/api/accounts/{accountId}/stars',
    tags,
    summary: "The caller's starred items, in their order",
    request: { params: accountParams },
    responses: { 200: starList },
  },
  { unauthenticatedMessage: STAR_MESSAGES.list },
);

/** POST .../stars: star an item (at the end of the list). */
export const starKnowledge = defineEndpoint(
  'member',
  {
    method: 'post',
    path: '/api/accounts/{accountId}/stars',
    tags,
    summary: 'Star an item',
    request: { params: accountParams, body: jsonBody(starInputSchema) },
    responses: { 201: starList, ...errors(400) },
  },
  { unauthenticatedMessage: STAR_MESSAGES.star },
);

/** DELETE .../stars/{knowledgeId}: unstar an item. */
export const unstarKnowledge = defineEndpoint(
  'member',
  {
    method: 'delete',
    path: '/api/accounts/{accountId}/stars/{knowledgeId}',
    tags,
    summary: 'Unstar an item',
    request: { params: accountParams.extend({ knowledgeId: knowledgeRefSchema }) },
    responses: { 200: starList, ...errors(400) },
  },
  { unauthenticatedMessage: STAR_MESSAGES.unstar },
);

/** POST /api/updateStarPositions (spec section 7): reorder the caller's stars. */
export const updateStarPositions = defineEndpoint(
  'member',
  {
    method: 'post',
    path: '/api/updateStarPositions',
    tags,
    summary: "Reorder the caller's stars: entries without a valid id are dropped, a non-numeric position becomes 0",
    request: { body: jsonBody(starPositionsInputSchema) },
    responses: { 200: ok(starPositionsResultSchema, 'How many stars moved'), ...errors(400) },
  },
  { unauthenticatedMessage: STAR_MESSAGES.noToken },
);
