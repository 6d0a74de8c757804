import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { describeExtractively, describeWithModel, leadingSentences, questionFor, readDescription } from './describe';
import { chatModel } from './model-client';

const question = (title: string, headings: string[] = []) => questionFor({ title, text: 'Some text.', headings });

describe('the extractive summary', () => {
  it('is the leading sentences that fit in about 300 characters, cut between sentences', () => {
    const first = 'Every merge to main runs the pipeline.';
    const second = 'Never skip the checks, even for a one-line change.';
    const long = `The pipeline builds, tests and deploys to staging ${'and then to each region in turn '.repeat(8)}.`;
    const { summary } = describeExtractively({ title: 'Deploying', text: `${first} ${second}\n${long}` });
    expect(summary).toBe(`${first} ${second}`);
  });

  it('makes list items and lines without a full stop sentences of their own', () => {
    expect(leadingSentences('Before you start:\nOpen the VPN\nSign in with your badge', 300)).toBe(
      'Before you start: Open the VPN. Sign in with your badge.',
    );
  });

  it('keeps an abbreviation inside its sentence', () => {
    expect(leadingSentences('Ask Dr. Chen about access. She runs it.', 30)).toBe('Ask Dr. Chen about access.');
  });

  it('cuts a first sentence longer than the limit at a word, marking the cut', () => {
    const summary = leadingSentences(`The ${'very '.repeat(100)}long sentence.`, 300);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary).toMatch(/^The very .* very…$/);
  });

  it('joins Chinese and Japanese sentences without spaces', () => {
    expect(leadingSentences('部署前请先运行测试。然后合并到主分支。\n检查仪表板', 300)).toBe(
      '部署前请先运行测试。然后合并到主分支。检查仪表板。',
    );
  });

  it('is the whole text of an item short enough to be its own summary (its card appends it, R16)', () => {
    expect(describeExtractively({ title: 'Printer', text: 'It is on the third floor.\nUse your badge.' })).toEqual({
      summary: 'It is on the third floor. Use your badge.',
      question: 'What should I know about Printer?',
    });
  });

  it('is empty for an item with no text, which also answers no question', () => {
    expect(describeExtractively({ title: 'Draft', text: '  ' })).toEqual({ summary: '', question: '' });
  });
});

describe('the extractive question', () => {
  it('keeps a title that is a question, adding the mark when it lacks one', () => {
    expect(question('What is Lore?')).toBe('What is Lore?');
    expect(question('Can I work from abroad')).toBe('Can I work from abroad?');
  });

  it('turns "how to" and "how we" titles into questions', () => {
    expect(question('How to request a laptop')).toBe('How do I request a laptop?');
    expect(question('How we deploy')).toBe('How do we deploy?');
    expect(question('Why we use Postgres')).toBe('Why do we use Postgres?');
  });

  it('asks how to follow an instruction, in the asker’s words', () => {
    expect(question('Reset your password')).toBe('How do I reset my password?');
    expect(question('Install Docker')).toBe('How do I install Docker?');
    expect(question('Setting up the VPN')).toBe('How do I set up the VPN?');
    expect(question('Getting started')).toBe('How do I get started?');
    expect(question('Update your profile')).toBe('How do I update my profile?');
  });

  it('asks nothing for an item of a numbered series', () => {
    expect(question('Meeting notes 18')).toBe('');
    expect(question('Standup 2026-03-02')).toBe('');
    expect(question('Sprint 42 (retro)')).not.toBe('');
  });

  it('asks what a subject is, not reading a noun as an instruction', () => {
    expect(question('Expense policy')).toBe('What is expense policy?');
    expect(question('Leave policy')).toBe('What is leave policy?');
    expect(question('Update schedule')).toBe('What is update schedule?');
    expect(question('GitHub access')).toBe('What is GitHub access?');
    expect(question('Onboarding')).toBe('What should I know about onboarding?');
    expect(question('Maintaining HTTP')).toBe('What should I know about maintaining HTTP?');
    expect(question('Issues')).toBe('What should I know about Issues?');
  });

  it('takes a question from the first heading when the title is not one', () => {
    expect(question('VPN', ['Why do we use a VPN', 'Setup'])).toBe('Why do we use a VPN?');
    expect(question('VPN', ['Setup', 'Why do we use a VPN?'])).toBe('What is VPN?');
  });

  it('leaves a title in a language it has no grammar for as the question', () => {
    expect(question('部署指南')).toBe('部署指南?');
  });
});

describe("reading a model's description", () => {
  it('reads JSON, fenced or not, and labelled lines', () => {
    const expected = { summary: 'It says how we deploy.', question: 'How do we deploy?' };
    expect(readDescription('{"summary": "It says how we deploy.", "question": "How do we deploy?"}')).toEqual(expected);
    expect(
      readDescription('```json\n{ "summary": " It says how we deploy. ", "question": "How do we deploy" }\n```'),
    ).toEqual(expected);
    expect(readDescription('**Summary:** It says how we deploy.\n**Question:** How do we deploy?')).toEqual(expected);
  });

  it('refuses a reply without both parts', () => {
    expect(readDescription('Sure! This article is about deploying.')).toBeUndefined();
    expect(readDescription('{"summary": "Only this."}')).toBeUndefined();
    expect(readDescription('{"summary": "", "question": "Why?"}')).toBeUndefined();
  });
});

describe('describing with a model', () => {
  let reply = '';
  const received: Array<{ messages: Array<{ content: string }>; stream?: boolean }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply } }] }));
    });
  });
  let standIn: ModelStandIn;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn = await startModelStandIn();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await standIn.close();
  });
  const item = { title: 'How we deploy', text: 'Every merge to main runs the pipeline.\nNever skip the checks.' };
  const model = () =>
    chatModel({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'm' });

  it('asks for a summary and a question of the item, and keeps what it answers', async () => {
    reply = '{"summary": "Merges to main deploy through the pipeline.", "question": "What happens when I merge?"}';
    expect(await describeWithModel(model(), item)).toEqual({
      summary: 'Merges to main deploy through the pipeline.',
      question: 'What happens when I merge?',
    });
    const prompt = received.at(-1)!;
    expect(prompt.stream).toBe(false);
    expect(prompt.messages.at(-1)!.content).toContain('Title: How we deploy');
    expect(prompt.messages.at(-1)!.content).toContain('Never skip the checks.');
  });

  it('describes extractively when the model answers something unreadable', async () => {
    reply = 'I would be happy to help with that article!';
    expect(await describeWithModel(model(), item)).toEqual(describeExtractively(item));
  });

  it('describes extractively when the model fails, and does not ask about an empty item', async () => {
    standIn.behave('fail');
    const failing = chatModel({ baseUrl: standIn.baseUrl, model: 'stand-in' });
    const asked = standIn.requests.length;
    expect(await describeWithModel(failing, item)).toEqual(describeExtractively(item));
    expect(standIn.requests.length).toBe(asked + 1);
    expect(await describeWithModel(failing, { title: 'Empty', text: '' })).toEqual({ summary: '', question: '' });
    expect(standIn.requests.length).toBe(asked + 1);
  });

  it('passes the caller’s abort through rather than writing a description', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Stopping'));
    await expect(describeWithModel(model(), item, controller.signal)).rejects.toThrow('Stopping');
  });
});
