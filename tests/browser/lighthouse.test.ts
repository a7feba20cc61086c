/**
 * Lighthouse against the real local Netlify runtime (its headers, its 404 handling), every page in
 * both colour schemes: accessibility, best practices and SEO must score 100. Performance is a timing
 * measure, so it is gated by `npm run lighthouse` in CI (median of runs), not asserted here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, lostPoints, PAGES, SCHEMES, scoresOf, type Category, type Chromium } from '../../scripts/lib/lighthouse.ts';

const baseUrl = inject('baseUrl');
const CHECKED: Category[] = ['accessibility', 'best-practices', 'seo'];

describe.each(SCHEMES)('Lighthouse, %s scheme', (scheme) => {
  let chrome: Chromium;
  beforeAll(async () => {
    chrome = await launchChromium(scheme);
  });
  afterAll(async () => {
    await chrome?.close();
  });

  it.each(PAGES)('%s scores 100 in accessibility, best practices and SEO', async (page) => {
    const lhr = await chrome.audit(`${baseUrl}${page}`, CHECKED);
    // The failing audits in the message say what to fix.
    expect({ scores: scoresOf(lhr, CHECKED), lost: lostPoints(lhr, CHECKED) }).toEqual({ scores: [100, 100, 100], lost: [] });
  });
});
