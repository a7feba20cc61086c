/** The X pull follows add-event's rule: only an official account's post becomes an event; global unknown unless said. */
import { describe, expect, it } from 'vitest';
import { classifyPosts } from '../../../../src/jobs/intake/posts.ts';

const TEXT = "We've reset Codex rate limits for all Plus and Pro users. Thanks for bearing with us during the slowdown";
const EVERYONE = "We've reset Codex rate limits for all users.";
const NOW = new Date('2026-11-20T00:00:00Z');

describe('classifyPosts', () => {
  it('an official account: an event, official_post, medium, with global in uncertain_fields for a plan list', () => {
    const { events, candidates } = classifyPosts([{ id: '2122981897008055506', text: TEXT, username: 'thsottiaux' }], new Set(), NOW);
    expect(candidates).toEqual([]);
    expect(events[0]).toMatchObject({ origin: 'official_post', certainty: 'medium', scope: 'plus+pro', global: false });
    expect(events[0]!.uncertain_fields).toContain('global');
  });
  it('a post to all users says it is global', () => {
    const { events } = classifyPosts([{ id: '2122981897008055506', text: EVERYONE, username: 'OpenAIDevs' }], new Set(), NOW);
    expect(events[0]).toMatchObject({ scope: 'all', global: true });
    expect(events[0]!.uncertain_fields).not.toContain('global');
  });
  it('any other account: never an event, a candidate for review', () => {
    const { events, candidates } = classifyPosts([{ id: '2122981897008055506', text: TEXT, username: 'randomuser42' }], new Set(), NOW);
    expect(events).toEqual([]);
    expect(candidates).toEqual([expect.objectContaining({ id: '2122981897008055506', source: 'randomuser42', suggested_kind: 'reset' })]);
  });
});
