/** What a test opens (servers, ledgers) is closed when it ends, whether it passed or not. */
import { afterEach } from 'vitest';

/** A list to push what the test opens onto; after each test every entry is closed (all at once) and the list emptied. */
export function closedAfterEach<T extends { close(): Promise<unknown> }>(): T[] {
  const open: T[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
  });
  return open;
}
