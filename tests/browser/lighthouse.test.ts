/**
 * Lighthouse against the real local Netlify runtime (its headers, its redirects): accessibility, best
 * practices and SEO must score 100. Every page of every locale is gated on the production build by
 * `npm run lighthouse` in CI (scripts/lighthouse.ts; the dark scheme there in accessibility, the one
 * category colours move); here a page of each kind (the home page, the largest page, a page of code
 * blocks) checks that serving through the runtime costs nothing, which the colour scheme cannot change,
 * so one scheme is enough (CI's time budget). Performance is a timing measure: not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { launchChromium, lostPoints, QUICK, scoresOf, type Category, type Chromium } from '../../scripts/lib/lighthouse.ts';

const { baseUrl } = await e2eRuntime();
const CHECKED: Category[] = ['accessibility', 'best-practices', 'seo'];
const PAGES = ['/', '/timeline/2026/', '/developers/', '/subscribe/'];

describe.each(['light'] as const)('Lighthouse, %s scheme', (scheme) => {
  let chrome: Chromium;
  beforeAll(async () => {
    chrome = await launchChromium(scheme);
  });
  afterAll(async () => {
    await chrome?.close();
  });

  it.each(PAGES)('%s scores 100 in accessibility, best practices and SEO', async (page) => {
    // QUICK skips only unscored work (scripts/lib/lighthouse.ts), so the scores are the same.
    const lhr = await chrome.audit(`${baseUrl}${page}`, CHECKED, QUICK);
    // The failing audits in the message say what to fix.
    expect({ scores: scoresOf(lhr, CHECKED), lost: lostPoints(lhr, CHECKED) }).toEqual({ scores: [100, 100, 100], lost: [] });
  });
});
