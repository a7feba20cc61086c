/** `npm run review` and `npm run add-promise`: candidates accepted through the same commands, or rejected for good. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { curateDir, EPOCH, idOf, npmScript, readJson, xUrl } from '../support/curate-env.ts';

const RESET_POST = xUrl('thsottiaux', '2026-11-19T10:00:00Z');
const PROMISE_POST = xUrl('thsottiaux', '2026-11-19T20:00:00Z');
const GH = 'https://github.com/openai/codex/issues/14000#issuecomment-4099000001';
const CANDIDATES = {
  candidates: [
    {
      id: idOf(RESET_POST),
      platform: 'x',
      ts: '2026-11-19T10:00:00Z',
      source: 'thsottiaux',
      url: RESET_POST,
      text: 'We have reset rate limits for everyone. Enjoy!',
      suggested_kind: 'reset',
      suggested_scope: 'all',
      suggested_window: null,
      reason: 'says limits were reset',
    },
    {
      id: idOf(PROMISE_POST),
      platform: 'x',
      ts: '2026-11-19T20:00:00Z',
      source: 'thsottiaux',
      url: PROMISE_POST,
      text: 'Resetting limits for everyone by EOD',
      suggested_kind: 'promise',
      suggested_scope: 'all',
      suggested_window: { start: '2026-11-19T20:00:00Z', end: '2026-11-20T07:59:59Z', by: 'by EOD' },
      reason: 'speaks of a reset to come',
    },
    {
      id: '4099000001',
      platform: 'github',
      ts: '2026-11-19T12:00:00Z',
      source: 'staff-login',
      url: GH,
      text: 'We will reset usage limits tomorrow.',
      suggested_kind: 'promise',
      suggested_scope: 'unspecified',
      suggested_window: { start: '2026-11-20T08:00:00Z', end: '2026-11-21T07:59:59Z', by: 'tomorrow' },
      reason: 'speaks of a reset to come',
    },
  ],
  rejected: [],
};

function withCandidates(): string {
  const dir = curateDir();
  writeFileSync(join(dir, 'candidates.json'), `${JSON.stringify(CANDIDATES, null, 2)}\n`);
  return dir;
}

describe('npm run review (flags)', () => {
  it('--list shows every candidate with its suggestion', async () => {
    const r = await npmScript('review', withCandidates(), ['--list']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`${idOf(PROMISE_POST)} x @thsottiaux 2026-11-19T20:00:00Z ${PROMISE_POST}`);
    expect(r.out).toContain('suggested: promise, scope all, window 2026-11-19T20:00:00Z → 2026-11-20T07:59:59Z ("by EOD")');
  });

  it('accepts an X post as an event and a GitHub comment as a promise with the suggested window; both leave the list', async () => {
    const dir = withCandidates();
    const a = await npmScript('review', dir, [
      idOf(RESET_POST),
      '--accept',
      'event',
      '--kind',
      'reset',
      '--summary',
      'Limits reset for everyone.',
    ]);
    expect(a.code, a.out).toBe(0);
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(RESET_POST))).toMatchObject({
      ts: '2026-11-19T10:00:00Z',
      scope: 'all',
      kind: 'reset',
      summary: 'Limits reset for everyone.',
    });
    const p = await npmScript('review', dir, ['4099000001', '--accept', 'promise']);
    expect(p.code, p.out).toBe(0);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toEqual({
      id: null,
      ts: '2026-11-19T12:00:00Z',
      source: 'staff-login',
      url: GH,
      summary: 'We will reset usage limits tomorrow.',
      by: 'tomorrow',
      window_start: '2026-11-20T08:00:00Z',
      window_end: '2026-11-21T07:59:59Z',
      fulfilled_by: null,
    });
    expect(readJson(dir, 'candidates.json').candidates.map((c: { id: string }) => c.id)).toEqual([idOf(PROMISE_POST)]);
    const again = await npmScript('review', dir, [idOf(RESET_POST), '--accept', 'event', '--kind', 'reset']);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^review: candidate \d+ was already accepted: event \d+ \(2026-11-19, reset\)$/m);
  });

  it('a rejected candidate is remembered, with the reason, and cannot be reviewed again', async () => {
    const dir = withCandidates();
    const r = await npmScript('review', dir, [idOf(PROMISE_POST), '--reject', '--reason', 'a joke, not a promise']);
    expect(r.code, r.out).toBe(0);
    expect(readJson(dir, 'candidates.json').rejected).toEqual([
      { id: idOf(PROMISE_POST), platform: 'x', url: PROMISE_POST, at: '2026-11-20T12:00:00Z', reason: 'a joke, not a promise' },
    ]);
    const again = await npmScript('review', dir, [idOf(PROMISE_POST), '--accept', 'promise']);
    expect(again.out).toMatch(/was already rejected on 2026-11-20T12:00:00Z \(a joke, not a promise\)/);
  });
});

describe('npm run review (interactive)', () => {
  it('walks the candidates, asking with the suggestion as default, and writes each decision', async () => {
    const dir = withCandidates();
    // 1: accept as event (kind reset, scope default, summary given); 2: reject with a reason; 3: skip.
    const answers = ['e', '', '', 'Reset for all.', 'r', 'duplicate of another post', 's', ''].join('\n');
    const child = spawn(process.execPath, ['scripts/review.ts'], {
      env: { PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: EPOCH },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.stdin.end(answers);
    const code = await new Promise((r) => child.on('close', r));
    expect(code, out).toBe(0);
    expect(out).toContain('[1/3]');
    expect(out).toContain('reviewed 2');
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(RESET_POST))).toMatchObject({
      kind: 'reset',
      scope: 'all',
      summary: 'Reset for all.',
    });
    const left = readJson(dir, 'candidates.json');
    expect(left.candidates.map((c: { id: string }) => c.id)).toEqual(['4099000001']);
    expect(left.rejected.map((c: { id: string; reason: string }) => [c.id, c.reason])).toEqual([
      [idOf(PROMISE_POST), 'duplicate of another post'],
    ]);
  });
});

describe('npm run add-promise', () => {
  it('turns the post\'s time words into a UTC window: "by EOD" posted at 12:00 PST ends at 23:59:59 PST', async () => {
    const dir = curateDir();
    const url = xUrl('thsottiaux', '2026-11-19T20:00:00Z'); // 12:00 in Los Angeles (PST, UTC−8, after the 1 Nov change)
    const r = await npmScript('add-promise', dir, [url, '--summary', 'Resetting limits by EOD.', '--by', 'by EOD']);
    expect(r.code, r.out).toBe(0);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toMatchObject({
      by: 'by EOD',
      window_start: '2026-11-19T20:00:00Z',
      window_end: '2026-11-20T07:59:59Z',
    });
    const bad = await npmScript('add-promise', dir, [
      xUrl('thsottiaux', '2026-11-19T21:00:00Z'),
      '--summary',
      's',
      '--by',
      'next blue moon',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.out.trim()).toMatch(/^add-promise: --by "next blue moon": /);
  });

  it('records a promise with an explicit window; a GitHub post needs its time and account', async () => {
    const dir = curateDir();
    const url = xUrl('OpenAIDevs', '2026-11-19T06:00:00Z');
    const r = await npmScript('add-promise', dir, [
      url,
      '--summary',
      'A reset after the outage.',
      '--window-start',
      '2026-11-19T16:00:00Z',
      '--window-end',
      '2026-11-19T20:00:00Z',
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out.trim()).toBe(`added promise ${url}: posted 2026-11-19T06:00:00Z, window 2026-11-19T16:00:00Z → 2026-11-19T20:00:00Z`);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toEqual({
      id: idOf(url),
      ts: '2026-11-19T06:00:00Z',
      source: 'OpenAIDevs',
      url,
      summary: 'A reset after the outage.',
      by: null,
      window_start: '2026-11-19T16:00:00Z',
      window_end: '2026-11-19T20:00:00Z',
      fulfilled_by: null,
    });
    const gh = await npmScript('add-promise', dir, [GH, '--summary', 'Tomorrow.']);
    expect(gh.out).toMatch(/--at is required/);
    const ok = await npmScript('add-promise', dir, [
      GH,
      '--summary',
      'Tomorrow.',
      '--at',
      '2026-11-19T12:00:00Z',
      '--source',
      'staff-login',
    ]);
    expect(ok.code, ok.out).toBe(0);
    // No time words and no window: the default rule, 72 h after the post.
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toMatchObject({
      window_start: '2026-11-19T12:00:00Z',
      window_end: '2026-11-22T12:00:00Z',
      by: null,
    });
  });
});
