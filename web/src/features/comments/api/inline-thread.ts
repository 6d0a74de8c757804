import { startThread } from '@common/api/routes';
import { api } from '@/lib/api-client';

/** Starts a thread on a passage (its text quoted): the editor then marks the passage with the thread's id. */
export async function startInlineThread(accountId: string, knowledgeId: string, quote: string, body: string) {
  return (await api(startThread, { params: { accountId, knowledgeId }, json: { body, quote } })).data;
}
