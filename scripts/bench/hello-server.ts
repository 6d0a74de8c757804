/**
 * The floor a request cannot beat on this machine: a bare Hono app on
 * @hono/node-server answering "Hello" (as Lore is served), in its own process.
 * Prints its port as JSON once listening.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('Hello'));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(JSON.stringify({ port: info.port })));
