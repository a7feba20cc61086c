// Preloaded (`node --import`) into a process the benchmark measures: at exit, writes the process's peak
// resident set (KiB, from the kernel's accounting) to RESETCAST_BENCH_RSS_FILE. Plain JavaScript so the
// measured process does not load Node's TypeScript stripper for it.
import { writeFileSync } from 'node:fs';

const file = process.env.RESETCAST_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
