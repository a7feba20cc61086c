/** The site's address from the environment (src/core/site.ts `siteAddress`): a fork publishes its own. */
import { describe, expect, it } from 'vitest';
import { SITE, siteAddress } from '../../../src/core/site.ts';

describe('siteAddress', () => {
  it.each([
    ['nothing set: the default', {}, { url: SITE.url, from: 'default' }],
    ['empty values count as unset', { RESETCAST_SITE_URL: '', URL: ' ' }, { url: SITE.url, from: 'default' }],
    ["Netlify's URL", { URL: 'https://my-fork.netlify.app' }, { url: 'https://my-fork.netlify.app', from: 'URL' }],
    [
      'RESETCAST_SITE_URL before URL',
      { RESETCAST_SITE_URL: 'https://odds.example.org/', URL: 'https://my-fork.netlify.app' },
      { url: 'https://odds.example.org', from: 'RESETCAST_SITE_URL' },
    ],
    ["the local runtime's loopback URL is no site's address", { URL: 'http://localhost:8888' }, { url: SITE.url, from: 'default' }],
    ["…nor 127.0.0.1's", { URL: 'http://127.0.0.1:43123/' }, { url: SITE.url, from: 'default' }],
  ])('%s', (_label, env, want) => expect(siteAddress(env)).toEqual(want));

  it.each([
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'http://odds.example.org' }],
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'odds.example.org' }],
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'https://odds.example.org/sub/' }],
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'https://user:pw@odds.example.org' }],
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'https://odds.example.org/?a=1', URL: 'https://my-fork.netlify.app' }],
    ['URL', { URL: 'ftp://my-fork.example.org' }],
    ['URL', { URL: 'http://my-fork.example.org' }],
  ])('a set value that is not an absolute https origin is one line naming %s', (variable, env) => {
    const got = siteAddress(env);
    expect(got).toEqual({
      problem: expect.stringMatching(new RegExp(`^${variable} must be the site's absolute https address, e\\.g\\. ${SITE.url}, got "`)),
    });
    expect((got as { problem: string }).problem).not.toContain('\n');
  });
});
