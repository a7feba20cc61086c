/**
 * Netlify's credit rates and plans, each one named constant with the page it was read from and the day
 * (docs/cost.md, "Rates"). Read 2026-11-28 from the stored copies of Netlify's documentation; where
 * copies disagree, the newest one wins and docs/cost.md says so. Change a rate here and nowhere else.
 */

/** "How credits work", table "Credits usage for metered billing": "Production deploys | 15 credits each" (copy of 2026-09-12). */
export const CREDITS_PER_PRODUCTION_DEPLOY = 15;
/** Same table: "Compute | 10 credits per GB-hour" (functions compute and database compute alike). */
export const CREDITS_PER_GB_HOUR = 10;
/** Same table: "Bandwidth | 20 credits per GB" (web bandwidth and database bandwidth). */
export const CREDITS_PER_GB_BANDWIDTH = 20;
/** Same table: "Web requests | 2 credits per 10,000 requests" (page views, API calls, requests to functions, assets). */
export const CREDITS_PER_10K_WEB_REQUESTS = 2;
/**
 * Netlify Database, "Billing and usage": compute "The current credit cost is 10 credits per unit", a unit
 * being one compute unit for one hour (docs.netlify.com/build/data-and-storage/netlify-database/billing-and-usage/).
 */
export const CREDITS_PER_DB_COMPUTE_UNIT_HOUR = 10;
/**
 * Netlify Database, "Configure auto-scale": the minimum compute units on Free, Personal and Pro is 1
 * (Enterprise 4); one unit is 25 % of a vCPU and 1 GB of RAM. An awake database is never billed below it.
 */
export const DB_MIN_COMPUTE_UNITS = 1;
/** Netlify Database, "Configure sleep on inactivity": "The default inactivity period is 5 minutes." */
export const DB_SLEEP_AFTER_MS = 5 * 60_000;
/**
 * Netlify Blobs requests (the watcher's state: src/db/blob-store.ts): not a metered item of the credit-based
 * plans. "How credits work" (credit-based plans, table "Credits usage for metered billing") and "How credits
 * work for enterprise plans" (table "Credit usage for Enterprise plans"), read 2026-11-28, list the meters:
 * production deploys, deploy previews, compute, AI inference, bandwidth and web requests (and form
 * submissions on the older copy); no Blobs operation and no Blobs storage. The plans' feature list (the
 * pricing page) names "Blob storage" among the Free plan's features. A request from a function to Blobs is
 * not a web request to the site. Priced 0; `npm run bench:cost` prints, beside it, what the requests would
 * cost at the web-request rate, should Netlify meter them one day.
 */
export const CREDITS_PER_BLOBS_REQUEST = 0;
/** Functions "Configuration", default values: "Memory | 1024 MB" (and "Scheduled execution limit | 30 seconds"). */
export const FUNCTION_MEMORY_MB = 1024;
/** A GB of the bandwidth and GB-hour meters: Netlify does not say 10^9 or 2^30; the larger, so no cost is understated. */
export const BYTES_PER_GB = 1e9;
/** The month every figure is for: 30 days, 720 hours (the watcher's own sums use the same month). */
export const MONTH_DAYS = 30;

export interface Plan {
  name: string;
  /** Credits included each month. */
  credits: number;
  /** What happens when they are spent. */
  whenSpent: string;
}

/**
 * "How credits work", "Monthly credit allotment" (copy of 2026-09-12): Free 300 a month, a hard limit;
 * Personal 1,000; Pro "starts at 3,000 credits/month with more options" (an older copy, and issue 37,
 * say 5,000: docs/cost.md). "Once your credit balance is completely used up, all of your web projects are
 * paused": a `Site not available` page at every URL. Personal and Pro may buy more (auto recharge, off by
 * default: 500 credits for $5 on Personal, 1,500 for $10 on Pro).
 */
export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    credits: 300,
    whenSpent: 'every site of the team paused ("Site not available") until the next cycle; no way to buy more',
  },
  { name: 'Personal', credits: 1_000, whenSpent: 'every site paused, unless auto recharge is on (500 credits for $5)' },
  { name: 'Pro', credits: 3_000, whenSpent: 'every site paused, unless auto recharge is on (1,500 credits for $10)' },
];
