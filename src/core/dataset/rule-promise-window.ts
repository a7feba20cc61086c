import type { DatasetRule } from './rule.ts';

export const promiseWindow: DatasetRule = {
  name: 'promise-window',
  description: "A promise's window opens no earlier than the post that made it and closes after it opens.",
  check({ announcements }, report) {
    announcements?.forEach((a, i) => {
      if (a.window_start < a.ts) report('announcements', i, 'window_start', `${a.window_start} is before the promise was posted (${a.ts})`);
      if (a.window_end <= a.window_start)
        report('announcements', i, 'window_end', `${a.window_end} is not after window_start ${a.window_start}`);
    });
  },
};
