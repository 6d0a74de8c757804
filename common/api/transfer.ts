import { MAX_IMPORT_BYTES, MAX_IMPORT_FILES } from '../transfer';
import { accountParams } from './accounts';
import { defineEndpoint, errors } from './define';

const tags = ['Import and export'];

/** POST .../imports: documents in, one item each, with progress as NDJSON lines. */
export const importKnowledge = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/imports',
  tags,
  summary: `Import Markdown, HTML and text files, folders or zips (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_FILES} files)`,
  description:
    'Multipart: each file in a `file` field, and for each one in the same order a `path` field with its path in ' +
    'its folder (so relative images are found). Answers newline-delimited JSON: `{"type":"start","total"}`, one ' +
    '`{"type":"file","done","total","file"}` per document, then `{"type":"done","imported","skipped"}`. A document ' +
    'that fails leaves no item and no image behind.',
  request: {
    params: accountParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'array', items: { type: 'string', format: 'binary' } },
              path: { type: 'array', items: { type: 'string' } },
            },
            required: ['file'],
          },
        },
      },
    },
  },
  responses: {
    200: { description: 'Progress lines', content: { 'application/x-ndjson': { schema: { type: 'string' } } } },
    ...errors(400, 403, 413),
  },
});

/** GET .../export: the workspace as a zip, for owners and admins. */
export const exportWorkspace = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/export',
  tags,
  summary: 'Download the workspace as a zip (owners and admins)',
  description:
    'One Markdown file per item under `knowledge/` (front matter: title, tags, author, created, updated) with its ' +
    'images in `knowledge/images/`, and `lore-export.json`, which the import reads to restore the items.',
  request: { params: accountParams },
  responses: {
    200: {
      description: 'A zip, streamed',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errors(403),
  },
});
