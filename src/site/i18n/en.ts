/**
 * English: the source of truth for the key set of every catalogue (src/site/i18n/catalogues.ts checks the
 * others against it at build). `{name}` is a placeholder; an object of plural categories (`one`,
 * `other`, …) is a message that depends on `{count}`. Terms kept consistent: docs/i18n.md.
 */
import type { SourceId } from '../../core/sources.ts';

export default {
  site: {
    description:
      'Forecasts and records announced usage-limit resets of OpenAI Codex: odds of a reset in the next 24 and 48 hours, every recorded reset, banked resets, as JSON, MCP, Atom and iCalendar.',
    skip: 'Skip to content',
    feedTitle: '{site}: recorded resets',
    calendarTitle: '{site} calendar',
    forecastJsonTitle: 'Forecast (JSON)',
    footer: '{attribution}. Independent project, not affiliated with OpenAI. Free, no key, CORS on.',
    atomFeed: 'Atom feed',
    calendar: 'Calendar',
  },
  nav: {
    label: 'Main',
    languages: 'Language',
    forecast: 'Forecast',
    timeline: 'Timeline',
    banked: 'Banked resets',
    methodology: 'Methodology',
    developers: 'API & MCP',
    alerts: 'Alerts',
  },
  time: {
    justNow: 'just now',
    days: { one: '{count} day', other: '{count} days' },
  },
  words: {
    yes: 'yes',
    no: 'no',
    partial: 'partial',
    notGlobal: 'not global',
    globalUnknown: 'reach not stated',
    unknownValue: 'unknown',
    uncertain: 'uncertain',
    inDoubt: 'in doubt:',
    certaintyIs: 'Certainty: {certainty}',
    scopeNote: 'Scope note:',
    sourceLabel: 'Source:',
    noPost: 'no post on record',
    whenAgo: '{when} ({ago})',
    permalink: 'Permalink',
    postBy: 'post by {who}',
    unnamedSource: 'an unnamed source',
    promisedOn: 'Promised in advance on {when}: {link}.',
    thePromise: 'the promise',
    corrected: 'corrected',
    reasonLabel: 'Reason:',
    retracted: 'retracted',
    retractedOn: 'Retracted {when}: {reason}.',
    originalPost: 'the original post',
    scope: { all: 'All plans', paid: 'Paid plans', unspecified: 'Plans not stated' },
    kind: { reset: 'reset', banked: 'banked reset', boost: 'boost', other: 'other' },
    certainty: { high: 'high', medium: 'medium', low: 'low' },
    confidence: { low: 'low', medium: 'medium', high: 'high' },
    origin: {
      official_post: 'official post by {who}',
      official_other: 'official statement by {who}',
      observed: 'report by users, via {who}',
      community: 'post by {who} (not an official account)',
    },
    signalSource: {
      status: 'OpenAI status page',
      issues: 'Codex issue tracker (GitHub)',
      x: 'Posts on X',
      staff: 'Comments by OpenAI staff (GitHub)',
    } satisfies Record<SourceId, string>,
    check: {
      ok: 'ok',
      skipped: 'skipped',
      failed: 'failed',
      via: 'via {via}',
    },
    health: {
      ok: 'checked {when}',
      skipped: 'not checked in the last run ({when})',
      needsKey: 'not checked: it needs an API key, and none is configured',
      failingSince: 'could not be reached since {when}',
      neverReached: 'could not be reached yet: no check has succeeded',
      failed: 'could not be reached at the last check ({when})',
      freshNone:
        'The forecast rests on the record of resets alone (no status or issues signal has been read yet); events checked {events}; page built {built}.',
      noneYet:
        'The status page and the issue tracker have not been read successfully yet, so the forecast leaves their signals out and rests on the record of resets alone.',
    },
    promise: {
      open: 'open',
      fulfilled: 'fulfilled',
      lapsed: 'lapsed: no reset in its window',
      window: 'Expected between {start} and {end}',
      fulfilledBy: 'the reset that fulfilled it',
    },
    correction: {
      retracted: 'retracted: it did not happen as recorded',
      rerecorded: 'recorded again after its retraction',
      relink: {
        linked: 'the promise is now counted as fulfilled by a recorded reset',
        unlinked: 'the promise is no longer counted as fulfilled',
        moved: 'the promise is now counted as fulfilled by another recorded reset',
      },
      linkMoved: 'link moved: the entry has a new address on Resetcast',
      changed: '{field}: {before} → {after}',
      field: {
        time: 'time',
        scope: 'scope',
        kind: 'kind',
        partial: 'partial',
        global: 'applied to everyone',
        summary: 'summary',
        certainty: 'certainty',
        expiry: 'banked reset expiry',
        url: 'link to the post',
        origin: 'origin',
        source: 'source',
        scopeNote: 'scope note',
      },
    },
    inEnglish: '(English)',
    rerecorded: {
      badge: 'recorded again',
      line: 'Recorded again {when} after its {link}.',
      retraction: 'retraction',
    },
    doubt: {
      time: 'time not known exactly',
      post: 'which post not certain',
      account: 'posting account not certain',
      scope: 'plans not stated',
      partial: 'whether partial not stated',
      global: 'reach not stated',
      kind: 'kind not certain',
      completion: 'whether it finished not stated',
      endDate: 'end date not known',
      grantedAt: 'grant time not known exactly',
      summary: "the summary is the post's own text",
      expiresAt: 'expiry not known exactly',
      other: 'another detail not certain',
    },
    unvouched: {
      title: 'Not vouched for: recent resets may be missing.',
      stale:
        'The record of resets was last checked against the sources {ago} ({when}). Facts recorded since then are shown, but the sources were not checked again, so a reset announced since may be missing.',
      staleUnknown: 'The record of resets has no usable time of its last check; anything announced lately may not be on this page yet.',
      tooFew: 'Fewer than {min} resets are recorded: too few to average a gap, so the forecast is not vouched for.',
    },
    confidenceReason: {
      record: { one: '{count} recorded reset', other: '{count} recorded resets' },
      recordSince: { one: '{count} recorded reset since {since}', other: '{count} recorded resets since {since}' },
      tooFew: 'Fewer than {min} resets recorded: no gap to average, so no forecast.',
      noRhythm: 'The rhythm model needs {min} resets; the memoryless rate is used instead.',
      stale:
        'The event record was last checked {age} ago (limit {limit}): resets since then may be missing, so the numbers are shown but not vouched for.',
      staleUnknown:
        'The event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for.',
      statusMissing: 'Status signal unavailable (no recent successful check): it contributes nothing.',
      issuesMissing: 'Issues signal unavailable (no recent successful check): it contributes nothing.',
      smallSample: 'Fewer than {min} resets: a small sample.',
    },
  },
  home: {
    title: 'Codex usage-limit reset forecast',
    h1: 'Will {product} usage limits be reset soon?',
    odds: {
      heading: 'Odds of an announced reset',
      within: 'Chance of an announced reset within {span}',
      hours24: '24 hours',
      hours48: '48 hours',
    },
    answer: {
      confidence: 'Confidence: {level}.',
      vouched: 'Vouched for: the record of resets was checked {ago}.',
      notVouched: 'Not vouched for (see below).',
      grants: { one: '{count} banked reset is active: {link}.', other: '{count} banked resets are active: {link}.' },
      grantsLink: 'expiry and advice below',
      alerts: 'Get an alert when a reset is announced',
      trackHeading: 'How far to trust these odds',
    },
    context: {
      above: 'That is above the long-run average of {usual} per 24 hours (one reset every {gap} on average).',
      below: 'That is below the long-run average of {usual} per 24 hours (one reset every {gap} on average).',
      about: 'That is about the long-run average of {usual} per 24 hours (one reset every {gap} on average).',
      promise: 'An official promise of a reset is open, which raises the chance: see its window below.',
    },
    track: {
      replay:
        'How it has done: replayed on the recorded history against a plain guess that always quotes the long-run average chance, these odds scored a skill of {skill24} at 24 hours and {skill48} at 48 hours (skill is the share by which their errors were smaller than the guess’s; a negative figure means the plain guess did better).',
      replayInterval:
        'How it has done: replayed on the recorded history against a plain guess that always quotes the long-run average chance, these odds scored a skill of {skill24} at 24 hours (90 % interval {lower} to {upper}) and {skill48} at 48 hours (skill is the share by which their errors were smaller than the guess’s; a negative figure means the plain guess did better).',
      liveNone: 'Live, no logged forecast has been scored yet.',
      live: {
        one: 'Live, {count} logged forecast has been scored so far: its skill at 24 hours against the plain guess is {skill}.',
        other: 'Live, {count} logged forecasts have been scored so far: their skill at 24 hours against the plain guess is {skill}.',
      },
      liveProvisional: {
        one: 'Live, {count} logged forecast has been scored so far: its skill at 24 hours against the plain guess is {skill} (provisional: too few yet).',
        other:
          'Live, {count} logged forecasts have been scored so far: their skill at 24 hours against the plain guess is {skill} (provisional: too few yet).',
      },
      details: 'Details',
    },
    fresh: {
      today: 'A reset is recorded today (UTC).',
      notToday: 'No reset is recorded today (UTC).',
      checked: 'Signals checked {signals}; events checked {events}; page built {built}.',
    },
    outlook: {
      heading: 'The next 7 days',
      chartTitle: 'Chance of an announced reset over the next 7 days',
      chartDesc: 'Cumulative chance of at least one announced reset within {points}.',
      point: '{days}: {chance}',
      dayTick: '{n} d',
      markTitle: '{hours}: {chance}',
      caption:
        'The next 7 days: the chance of at least one announced reset within each time from now, from the same estimate (the marked points are the 24 h and 48 h figures above). As JSON: {json}.',
    },
    last: {
      heading: 'The last recorded reset',
      when: 'When',
      what: 'What and for whom',
      said: 'What was said',
      source: 'Source',
      onTimeline: 'on the timeline',
      none: 'No reset is recorded yet.',
    },
    banked: {
      heading: 'Banked resets you can redeem',
      none: 'None active.',
      noneMore: 'Every recorded grant has expired; the expired ones are on the {link}.',
      pageLink: 'banked resets page',
      intro: {
        one: '{count} banked reset is active. Each one below shows its exact expiry (UTC), the time left and whether to spend or hold it; more on the {link}.',
        other:
          '{count} banked resets are active. Each one below shows its exact expiry (UTC), the time left and whether to spend or hold it; more on the {link}.',
      },
    },
    promises: {
      heading: 'Promised resets',
      none: 'No official promise of a reset is open.',
    },
    confidence: {
      why: 'Why the confidence is {level}:',
      model: 'How the numbers are computed, with this estimate’s inputs in words: {link}.',
    },
    about: {
      heading: 'About these numbers',
      disclaimer:
        'Resetcast is an independent project, not affiliated with OpenAI. Resets have been announced ad hoc; the percentages are estimates from past announcements, not a schedule.',
      credit: 'Using the data? Please credit it as “{attribution}”.',
    },
  },
  banked: {
    title: 'Banked resets',
    description: 'Banked Codex usage-limit resets that are still redeemable, when each expires, and the grants that have already expired.',
    what: 'A banked reset is a reset credit put in users’ accounts to redeem later.',
    rule: 'A banked reset expires {days} after it is granted if unused, unless the grant records another expiry.',
    activeHeading: 'Active now',
    noneTitle: 'No banked reset is active.',
    noneBody: 'Every recorded grant has expired, the last on {when}.',
    noneRecorded: 'No banked reset has been recorded yet.',
    spendOrHold:
      'Spend or hold: for each grant, the chance that a reset for everyone is announced before it expires (so the banked one can wait), from the same estimate as the {forecast} ({methodology}). It is an estimate from past announcements, not a promise.',
    forecastLink: 'forecast',
    notVouchedTitle: 'These estimates are not vouched for now.',
    notVouchedBody: 'The forecast is not available (see its {link}): resets may be missing from the record.',
    confidenceLink: 'confidence',
    pastHeading: 'Expired grants ({count})',
    json: 'As JSON: {json}. Expiry reminders are in the {calendar}.',
    calendarLink: 'calendar feed',
    granted: 'Granted',
    expired: 'Expired',
    expires: 'Expires',
    timeLeft: 'Time left',
    reminders: 'Reminders',
    reminderAt: '{span} before: {when}',
    certainty: 'Certainty',
    estimate: 'Estimate:',
    chance: 'the chance of a reset for everyone before it expires is {chance}.',
    hold: 'A reset before it expires is likely: hold it.',
    use: 'A reset before then is not likely: use it before {expiry}.',
    over: 'over {percent}',
    under: 'under {percent}',
  },
  timeline: {
    recordedLanguage: 'Summaries and notes are quoted as they were recorded, in English.',
    title: 'Timeline of recorded resets',
    description:
      'Every recorded announcement of a Codex usage-limit reset, a page per year, newest first, with its source post and how certain each fact is.',
    counts: {
      one: '{count} event recorded, {resets} of them resets (kind “reset” or “banked reset”), from {from} to {to}.',
      other: '{count} events recorded, {resets} of them resets (kind “reset” or “banked reset”), from {from} to {to}.',
    },
    uncertainNote: {
      one: '{count} entry has facts we are not sure of: it is marked {badge} with the fields in doubt.',
      other: '{count} entries have facts we are not sure of: they are marked {badge} with the fields in doubt.',
    },
    perYear: 'Every event, promise and correction is on the page of its year:',
    yearsLabel: 'Years',
    eventCount: { one: '{count} event', other: '{count} events' },
    latest: { one: 'The latest event', other: 'Latest {count} events' },
    json: 'As JSON: {timeline} (every event), the certainty notes in {notes}, {promises} and {corrections}.',
    jsonNoCorrections:
      'As JSON: {timeline} (every event), the certainty notes in {notes}, {promises} and {corrections} (no corrections so far).',
    charts: {
      heading: 'At a glance',
      perMonthTitle: 'Recorded resets per month',
      perMonthDesc: {
        one: '{count} reset from {first} to {last}.',
        other: '{count} resets from {first} to {last}.',
      },
      busiest: 'The busiest month was {month} with {count}.',
      seeList: 'The list of events below names each one.',
      resetsTip: { one: '{label}: {count} reset', other: '{label}: {count} resets' },
      perMonthCaption: 'Resets and banked resets recorded per month (UTC).',
      gapsTitle: 'Gaps between recorded resets',
      bucket: '{lo}–{hi} d',
      bucketOpen: '{lo}+ d',
      gapsDesc: 'How many days passed between consecutive resets: {items}.',
      gapsTip: { one: '{label}: {count} gap', other: '{label}: {count} gaps' },
      gapsCaption: 'Days between one recorded reset and the next.',
    },
    year: {
      title: 'Resets in {year}',
      description: 'Every Codex usage-limit reset, banked reset, promise and correction recorded in {year}, newest first.',
      heading: 'Recorded resets in {year}',
      overview: 'Timeline overview',
      otherYears: 'other years:',
      events: { one: 'Events in {year}, newest first ({count})', other: 'Events in {year}, newest first ({count})' },
      promises: { one: 'Promises of a reset in {year} ({count})', other: 'Promises of a reset in {year} ({count})' },
      promisesIntro:
        'Official posts that promised a coming reset, with the UTC window it was expected in (from the post’s own words, e.g. “by end of day”, or 72 hours after the post when it named no time).',
      retracted: { one: 'Retracted events ({count})', other: 'Retracted events ({count})' },
      retractedIntro:
        'Recorded once, then withdrawn because they did not happen as recorded. They no longer count anywhere; the record stays here.',
      json: 'As JSON: {link}.',
    },
  },
  dev: {
    title: 'API, MCP and status line',
    description:
      'Free, keyless, read-only access to Resetcast data: JSON endpoints with curl examples, the MCP server for Claude Code, Cursor, VS Code and Codex CLI, feeds and a status-line script.',
    apiDoc: 'Every endpoint, field, limit and error of this interface is described in {doc} in the source.',
    intro:
      'Everything is read-only, free and needs no key. CORS is on, and responses are cached for 5 minutes. Please credit the data as “{attribution}”. The percentages are estimates from past announcements, not a schedule. The data, feeds and API are in English.',
    terminal: 'Terminal',
    toc: 'On this page',
    json: {
      heading: 'JSON endpoints and feeds',
      schemasHeading: 'JSON Schemas',
      schemas: 'Each payload has a JSON Schema:',
    },
    alerts: {
      heading: 'Get alerts',
      link: 'ntfy notifications, Telegram, Atom and JSON feeds, a calendar and your own Discord or Slack alerts have a page of their own: {link}.',
      linkText: 'get alerts',
    },
    mcp: {
      heading: 'MCP server',
      intro:
        'A stateless, read-only MCP server (Streamable HTTP) at {url} with three tools: {forecast}, {list} (optional {limit}, default 20, and {since}, an ISO date) and {signals}.',
      list: 'List the tools (JSON-RPC tools/list)',
      call: 'Call a tool',
      cursorFile: '.cursor/mcp.json (or ~/.cursor/mcp.json for every project)',
      orTerminal: 'or from the terminal',
      discoveryHeading: 'Discovery',
      discovery:
        'The server describes itself for registries and clients that look it up: {card} (server card), {catalog} (MCP catalog), {aiCatalog} (AI Catalog) and {registry} (MCP Registry entry).',
      llms: 'For language models and agents: {link} sums up Resetcast, its endpoints and its MCP server in one plain-text file.',
    },
    sl: {
      heading: 'Status line',
      intro:
        'A small POSIX {sh} + {curl} script, {script}, prints {output}. It caches the forecast for 10 minutes, waits at most 2 seconds, and prints nothing when the request fails, so it never blocks a prompt.',
      limits:
        'With Codex sessions on the machine it puts your own limits beside the odds, {limits}: read from the newest session file Codex wrote, never sent anywhere.',
      install: 'Install',
    },
  },
  alerts: {
    title: 'Get alerts',
    description:
      'Hear of a Codex usage-limit reset when it is announced: ntfy notifications on a phone or a desktop, Atom and JSON feeds, a calendar, and alerts in your own Discord or Slack.',
    intro:
      'Be told when a reset lands, when one is promised (and whether it came), a day, 5 hours and an hour before a banked reset expires, when a published fact is corrected, and when the forecast crosses a threshold. Every way below carries the same alerts; each has an id that never changes, so a reader or app can tell a new alert from one it has seen.',
    ntfyHeading: 'ntfy (phone and desktop notifications)',
    ntfy: 'Resetcast posts every alert to the public topic {topic} on {host}, a new reset within a minute or two of its post. Anyone may subscribe; only Resetcast publishes.',
    ntfyApp:
      'On a phone, install the ntfy app ({install}) and subscribe to the topic; in a browser, {web} and allow notifications; or from a terminal:',
    installLink: 'Android and iOS',
    webLink: 'open the topic',
    ntfyCli: 'ntfy CLI',
    ntfyCurl: 'or with curl (one JSON message per line)',
    telegramHeading: 'Telegram',
    telegramNone: 'Resetcast has no public Telegram channel yet; until it has one, follow the alerts with ntfy or a feed reader.',
    telegram: 'Resetcast posts every alert to the Telegram channel {channel}: open it in Telegram and join.',
    readersHeading: 'Feed readers',
    readers: 'Every alert, newest first: {feed} (also as JSON: {json}).',
    feedUrl: 'Feed URL',
    thresholds: {
      one: 'Only the threshold you care about, plus every recorded reset. A feed announces the chance crossing its threshold upwards, and again only after the chance has fallen well below it, so a value hovering near the line does not flap. A forecast after a pause of more than {count} hour in the record announces nothing.',
      other:
        'Only the threshold you care about, plus every recorded reset. A feed announces the chance crossing its threshold upwards, and again only after the chance has fallen well below it, so a value hovering near the line does not flap. A forecast after a pause of more than {count} hours in the record announces nothing.',
    },
    thresholdFeed: '{feed}: the {horizon}-hour chance reaches {threshold} (again after it falls below {rearm})',
    records: 'Recorded resets only, without the other alerts: {atom} (Atom) and {json} (JSON Feed).',
    calendarHeading: 'Calendar apps',
    calendar: 'Past resets and reminders 24 hours, 5 hours and 1 hour before each banked reset expires. {link}, or paste the address:',
    subscribe: 'Subscribe in your calendar app',
    subscription: 'Subscription address',
    https: 'The same, for apps that ask for https (Google Calendar: “From URL”)',
    chatHeading: 'Your own Discord or Slack',
    chat: 'Resetcast posts into no one’s server or workspace. A community gets the alerts in its own channel in one of these ways:',
    chatFeed: 'A feed bot: add the alert feed (or one threshold feed) to a bot or app that posts new feed entries to a channel.',
    chatRelay: 'A relay: a small bot of your own that follows the ntfy topic ({stream}) and posts each message to your channel.',
    chatOwn:
      'Your own copy of Resetcast on Netlify: its watcher posts each alert once to your channel’s incoming webhook. Set the webhook as {discord} or {slack} in the site’s environment, with {x} for reading the posts; {doc} in the source lists everything to set.',
    chatOwnVars: 'Your copy’s Netlify environment (scope Functions)',
    chatByHand: 'Without Netlify, {command} in a clone sends the alerts of its data/ to the webhooks set in its environment, each once.',
  },
  method: {
    today: {
      heading: 'This estimate, in words',
      gaps: 'Resets have come every {gap} on average; the last one was {since} ago.',
      base: 'From that average gap alone, as if a reset were as likely at any moment as at any other, the chance of one within 24 hours is {chance}.',
      rhythm: 'Weighing recent resets more, and the weekdays resets fell on, the rhythm model puts it at {chance}.',
      noRhythm: 'Too few resets are recorded for the rhythm model, so the average gap alone is used.',
      noSignal: 'No open official promise, no incident on the status page and no surge of usage-limit issues adds to it now.',
      signal:
        'Signals add to it: an open official promise, the status page and the issue tracker together count for {chance} on their own.',
      result: 'Together: {p24} within 24 hours and {p48} within 48 hours.',
      json: 'The same inputs as numbers: {json} (formula version {version}).',
      signalsHeading: 'Signal checks',
    },
    title: 'Methodology',
    description: 'How the Resetcast forecast is computed, how well it would have done on the recorded history, and how it is doing live.',
    intro:
      'The forecast is an estimate from the timing of past announcements and from official posts that promised a reset. It is not a schedule. Formula version {version}; the equations are also in {doc} in the source. Every number below is in {backtest} and {track}.',
    range: '{lower} to {upper}',
    withInterval: '{value} ({interval})',
    points: '{n} pts',
    horizon: 'Horizon',
    formula: {
      heading: 'The formula',
      intro:
        'Every constant is fixed in advance; the only things learned from the record are learned from what was published before the moment of the forecast.',
      resetsTerm: 'Resets',
      resets: 'Events of kind “reset” and “banked reset” count as resets. Times are the post times, UTC.',
      gaps: '(last reset − first reset) / (number of resets − 1); now − last reset.',
      B: '1 − exp(−24 / avg_gap_hours): the memoryless (constant-rate) chance of a reset within 24 h. It is the baseline every skill figure is measured against.',
      recencyTerm: 'Recency rate',
      recency:
        'For each half-life τ of {halfLives} days: the resets after the first, each weighing {weight}, divided by the weighted length of the record. The rate used is the average of the {n}.',
      weekdayTerm: 'Weekday factors',
      weekday:
        'How often resets fell on each UTC weekday compared with the average, shrunk toward 1 by {prior} pseudo-resets per weekday, so a thin pattern moves the numbers only a little.',
      C: '1 − exp(−rate × the next 24 h weighted by the weekday factors); null with fewer than {min} resets, when B is used instead.',
      cad24: 'C when it exists, else B.',
      official:
        '1 while an official promise of a reset is open — posted, its window not yet over, its reset not yet recorded, and its window starting within the horizon — else 0.',
      weightTerm: 'Official weight',
      weight:
        '(promises kept + {kept}) / (promises settled + {settled}), counting only promises settled before the forecast: kept if the reset came within the horizon of the post. The weight never reaches 1. Today: {w24} at 24 h ({k24} of {s24} kept), {w48} at 48 h.',
      signals:
        'A degraded Codex component or unresolved incident, and an excess of new usage-limit issues; 0 when the check is missing or older than {maxAge}. They have no recorded history yet, so their weights are fixed small ({status} and {issues}) and the backtest leaves them out.',
      S: '1 − (1 − weight·official)(1 − {status}·status)(1 − {issues}·issues), for the next 24 h.',
      p: '{formula}, with p48 never below p24. The {outlook} is the same formula at every 6 h out to 168 h.',
      outlookLink: '7-day outlook',
      available:
        'False with fewer than {min} resets, or when the event record was last checked more than {days} ago (resets may be missing). The numbers are still published.',
      spendTerm: 'Spend or hold',
      spend:
        'For each active banked reset, the same estimate over the time until it expires: above {threshold}, hold it; otherwise use it before it expires.',
    },
    backtest: {
      heading: 'Backtest',
      intro:
        'A forecast is issued every {step} from {warmup} after the first reset to the last ({first} to {last}), each using only events and official posts published by then, and scored on whether a reset followed within 24 h and 48 h. While fewer than two resets are known it is scored as {noInfo} (the warm-up, left out of the calibration figures). Intervals are 90 % percentile intervals of a circular moving-block bootstrap with {block} blocks ({replicates} resamples).',
      tableLabel: 'Backtest scores',
      caption: 'Scores by model and horizon (a lower Brier score is better; skill is the relative Brier improvement)',
      model: 'Model',
      issues: 'Forecasts issued',
      skillMemoryless: 'Skill vs memoryless (90 %)',
      skillClimatology: 'Skill vs climatology (90 %)',
      slope: 'Slope',
      worstBin: 'Worst bin',
      notes:
        'Slope: b in P(reset) = 1 − exp(−exp(a + b·cloglog(p))), fitted by maximum likelihood; 1 is calibrated, below 1 the forecasts spread too far. Worst bin: the largest gap between mean forecast and observed frequency over tenths of probability holding ≥ 50 forecasts. Climatology is the constant base rate, known only in hindsight.',
    },
    targets: {
      heading: 'Targets',
      tableLabel: 'Targets',
      caption: 'Targets of formula {version} for the published forecast on this record',
      target: 'Target',
      wanted: 'Wanted',
      value: 'Value',
      met: 'Met',
      metric: {
        skill_vs_memoryless: 'Skill vs memoryless',
        calibration_slope: 'Calibration slope (cloglog)',
        calibration_error_after_warmup: 'Worst reliability bin (≥ 50 forecasts)',
      },
      allMet: 'Every target is met on this record.',
      notAllMet: 'Not every target is met on this record.',
      notes:
        'The intervals are wide: about a year of resets cannot tell a +10 % forecast from a +20 % one. Even a perfect forecaster’s worst bin on a record this short is up to about 14 points (24 h) and 29 points (48 h), so those are the bounds, not ±5 points.',
    },
    reliability: {
      heading: 'Reliability',
      title: 'Reliability diagram of the published forecast, warm-up left out',
      series: '{horizon}: {points}.',
      bin: {
        one: 'forecast {forecast}, observed {observed} ({count} forecast)',
        other: 'forecast {forecast}, observed {observed} ({count} forecasts)',
      },
      binSeparator: '; ',
      xAxis: 'forecast probability (%)',
      yAxis: 'observed frequency (%)',
      caption:
        'Mean forecast (across) against how often a reset followed (up), per tenth of probability; dot size grows with the number of forecasts.',
      dashed: '{horizon} (dashed)',
      diagonal: '; the diagonal is perfect calibration.',
    },
    track: {
      heading: 'Track record',
      intro:
        'Every forecast the scheduled pull issues is logged as issued and never rewritten. Once its 24 h or 48 h window has closed it is scored against the recorded resets, and compared with the memoryless forecast from the events known at that moment.',
      provisional: 'Provisional:',
      established: 'Established:',
      rule: 'the record counts as provisional until each horizon holds at least {resets} resets and {windows} scored windows.',
      tableLabel: 'Track record scores',
      caption: {
        one: 'Logged forecasts scored so far ({count} forecast read from the log)',
        other: 'Logged forecasts scored so far ({count} forecasts read from the log)',
      },
      scored: 'Scored',
      resets: 'Resets',
      memorylessBrier: 'Memoryless Brier',
      skill: 'Skill (90 %)',
      skipped: {
        one: '{count} logged forecast could not be read and is left out of the scores ({kinds}):',
        other: '{count} logged forecasts could not be read and are left out of the scores ({kinds}):',
      },
      kind: {
        not_json: '{count} not JSON',
        invalid: '{count} with invalid fields',
        p48_below_p24: '{count} with p48 below p24',
        duplicate: '{count} at a duplicate time',
        out_of_order: '{count} out of order',
      },
      noneSkipped: 'Every logged forecast could be read.',
    },
  },
  notFound: {
    title: 'Page not found',
    description: 'This page does not exist on Resetcast.',
    body: 'There is nothing at this address. Try the {forecast}, the {timeline} or the {developers}.',
    forecast: 'forecast',
    timeline: 'timeline of resets',
    developers: 'API and MCP documentation',
  },
  /**
   * What each endpoint the developers page lists is, for people, keyed by its operationId in
   * src/site/api/endpoints.ts (a unit test keeps these keys equal to DOCUMENTED_ENDPOINTS, so a new endpoint
   * needs its words here and then, through the build check, in every catalogue).
   */
  endpoints: {
    getForecast:
      'The chance of a reset in the next 24 and 48 hours (whole percents), the confidence label and its reasons, the inputs and when each was last checked. An estimate from past announcements, not a schedule.',
    getOutlook:
      'The 7-day outlook: the chance of an announced reset within 6, 12 … 168 hours, from the same estimate (equal to the 24 h and 48 h figures at 24 and 48 hours).',
    getHourlyOutlook:
      'The same curve every hour, each point with the instant it ends at: the chance of an announced reset before any moment of the next 7 days, for menu-bar, tray and widget apps.',
    getBadge:
      'The 24-hour chance as a shields.io endpoint badge for a README: "37%", or "37% (not vouched for)" in grey when the forecast is not vouched for.',
    getTimeline: 'Every recorded event, newest first.',
    getSignals: 'The last scheduled check of the OpenAI status page and of the Codex issue tracker.',
    getBanked:
      'The banked resets still active: when each was granted and expires, the hours left, the chance of a reset for everyone before it expires and plain spend-or-hold advice.',
    getPromises:
      'Every official promise of a coming reset, newest first, with the UTC window it was expected in and whether it came, is still open or lapsed.',
    getCorrections:
      'Every published fact changed after publication (a time, a scope, a retraction), newest first, with the value before and after and the reason.',
    getAlerts:
      'Every alert, newest first, each with an id that never changes: resets and banked resets recorded, banked resets expiring within 24, 5 and 1 hours (one alert each), promises and whether they came, corrections, and the forecast crossing 25, 50 or 75 %.',
    getEventNotes: 'How sure each recorded fact is: certainty, the fields in doubt and notes on the scope.',
    getBacktest:
      'How the forecast would have scored on the recorded history, with 90 % intervals, calibration and the targets of the formula.',
    getTrackRecord:
      'How the logged forecasts are doing live: every forecast whose 24 h or 48 h window has closed, scored against the recorded resets.',
    getOpenApi: 'The OpenAPI 3.1 description of every endpoint.',
    getAtomFeed: 'The recorded resets as an Atom feed, newest first.',
    getJsonFeed: 'The same entries as the Atom feed, as JSON Feed 1.1.',
    getAlertsFeed: 'Every alert as an Atom feed (the newest 100).',
    getCalendar: 'Past resets and reminders before each banked reset expires, for calendar apps (iCalendar).',
  },
} as const;
