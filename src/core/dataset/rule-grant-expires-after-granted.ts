import type { DatasetRule } from './rule.ts';

export const grantExpiresAfterGranted: DatasetRule = {
  name: 'grant-expires-after-granted',
  description: 'A banked grant expires after it was granted.',
  check({ grants }, report) {
    grants?.forEach((g, i) => {
      if (g.expires_at <= g.granted_at) report('banked', i, 'expires_at', 'not after granted_at');
    });
  },
};
