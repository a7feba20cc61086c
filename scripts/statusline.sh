#!/bin/sh
# Resetcast status line for a shell prompt, tmux or an editor's status line. It prints
#   codex 5h 42% · week 89% (3d 4h) · reset before it: 35% · 24h 7%
# when this machine has Codex sessions: your two usage windows, read from the newest rollout Codex wrote
# under ${CODEX_HOME:-~/.codex}/sessions (read here, never sent anywhere), and the public chance of an
# announced reset before your weekly window refills and within 24 h. Without sessions it prints
#   reset odds 24h: <p24>%
# Every public figure gets " (not vouched for)" after it while the outlook says "available": false.
# POSIX sh + curl + awk, no jq. The public outlook is cached for 10 minutes; a request gets 2 seconds,
# during which the local reading runs. The only request is a GET of the public JSON below, the same
# whatever is on this machine. On any failure it prints what it can trust, or nothing, and exits 0.
#
#   RESETCAST_URL     site to read (default below; /api/v1/hourly-outlook.json is appended)
#   XDG_CACHE_HOME    cache folder (default ~/.cache); the cache is $XDG_CACHE_HOME/resetcast/hourly-outlook.json
#   CODEX_HOME        where Codex keeps its sessions (default ~/.codex)
#
# Docs: https://resetcast.netlify.app/developers/ — data: Resetcast (independent; estimates, not a schedule).

RESETCAST_DEFAULT_URL='https://resetcast.netlify.app'
CACHE_MINUTES=10 # cache judged by file modification time (docs/statusline.md)
RETRY_MINUTES=1  # after a failed request, wait this long before trying again (a prompt redraws often)
TIMEOUT_SECONDS=2
TAIL_BYTES=262144  # only the last 256 KiB of the newest rollout is read
WALK_DAYS=3        # day folders looked into for a usable rollout, newest first
ZST_MAX_BLOCKS=2048 # a compressed rollout is read only under 1 MiB (find -size counts 512-byte blocks)

base=${RESETCAST_URL:-$RESETCAST_DEFAULT_URL}
base=${base%/}
url="$base/api/v1/hourly-outlook.json"

# The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
case ${XDG_CACHE_HOME:-} in
  /*) cache_root=$XDG_CACHE_HOME ;;
  *) cache_root=${HOME:-}/.cache ;;
esac
dir="$cache_root/resetcast"
cache="$dir/hourly-outlook.json"
failed="$dir/last-failure"
tmp="$dir/.hourly-outlook.$$.tmp"
sessions="${CODEX_HOME:-${HOME:-}/.codex}/sessions"
LC_ALL=C # byte-wise names, sorting and awk, whatever the user's locale
export LC_ALL

# Shared by both awk programs: epoch seconds of a UTC timestamp YYYY-MM-DDTHH:MM:SS[.fff]Z, or -1.
AWK_TIME='
function epoch(s,   y, m, d, era, yoe, doy) {
  if (s !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9](\.[0-9]+)?Z$/) return -1
  y = substr(s, 1, 4) + 0; m = substr(s, 6, 2) + 0; d = substr(s, 9, 2) + 0
  if (m < 1 || m > 12 || d < 1 || d > 31) return -1
  if (m <= 2) y--
  era = int(y / 400); yoe = y - era * 400
  doy = int((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
  return ((era * 146097 + yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy - 719468) * 86400 \
    + substr(s, 12, 2) * 3600 + substr(s, 15, 2) * 60 + substr(s, 18, 2))
}'

# Reads the rollout tail on stdin and prints two lines: the personal part ("codex 5h 42% · week 89% (3d 4h)",
# or nothing) and the instant the weekly window refills when that is trusted (epoch seconds, or nothing).
# The newest whole token_count line of the main limit is used; a window is shown only when it can be trusted.
# shellcheck disable=SC2016
AWK_ROLLOUT=$AWK_TIME'
# True when line s is one whole JSON object: braces balance outside strings (a half-written line does not).
function whole(s,   i, c, n, depth, instr) {
  if (substr(s, 1, 1) != "{" || substr(s, length(s), 1) != "}") return 0
  n = length(s)
  for (i = 1; i <= n; i++) {
    c = substr(s, i, 1)
    if (instr) { if (c == "\\") i++; else if (c == "\"") instr = 0 }
    else if (c == "\"") instr = 1
    else if (c == "{") depth++
    else if (c == "}") { depth--; if (depth == 0 && i < n) return 0 }
  }
  return depth == 0 && !instr
}
# The value of "key":<number> in s, or "" when absent or not a number.
function num(s, key) {
  if (!match(s, "\"" key "\":-?[0-9][0-9]*(\\.[0-9]+)?([eE][-+]?[0-9]+)?[,}]")) return ""
  return substr(s, RSTART + length(key) + 3, RLENGTH - length(key) - 4)
}
function countdown(s,   d, h, m) {
  d = int(s / 86400); h = int((s % 86400) / 3600); m = int((s % 3600) / 60)
  return d > 0 ? d "d " h "h" : h > 0 ? h "h " m "m" : m "m"
}
# Reads window object w of a line written at epoch ts into the 5h or weekly figures.
function window(w, ts,   used, minutes, at, rel, slack) {
  minutes = num(w, "window_minutes"); used = num(w, "used_percent")
  if (minutes != "300" && minutes != "10080") return # another window: tell them apart by length, not position
  if (minutes in shown) return
  if (used == "" || used + 0 < 0 || used + 0 > 100) return # a percentage it cannot trust: no figure
  at = num(w, "resets_at"); rel = num(w, "resets_in_seconds")
  if (at == "" && rel != "" && ts >= 0) at = ts + rel # older Codex: seconds from the line time
  slack = 60 # a clock a minute off
  # Refilled since this line (its reset has passed, or the line is older than the window): use unknown.
  if (at != "" && at + 0 <= now + 0) return
  if (ts >= 0 && now + 0 > ts + minutes * 60 + slack) return
  if (at != "" && at + 0 > now + minutes * 60 + slack) at = "" # further than a window ahead: not its reset
  if (at == "" && ts < 0) return # neither when it refills nor when it was written: cannot be vouched current
  shown[minutes] = sprintf("%d%%", used + 0.5)
  if (at != "") reset[minutes] = at + 0
}
index($0, "\"token_count\"") && index($0, "\"rate_limits\":{") && whole($0) {
  # Another limit (a model of its own) has a limit_id other than "codex"; older versions wrote none.
  if (match($0, /"limit_id":"[^"]*"/) && substr($0, RSTART, RLENGTH) != "\"limit_id\":\"codex\"") next
  last = $0
}
END {
  if (last == "" || now !~ /^[0-9]+$/) exit
  ts = match(last, /^\{"timestamp":"[^"]*"/) ? epoch(substr(last, 15, RLENGTH - 15)) : -1
  rl = substr(last, index(last, "\"rate_limits\":{"))
  if (match(rl, /"primary":\{[^{}]*\}/)) window(substr(rl, RSTART, RLENGTH), ts)
  if (match(rl, /"secondary":\{[^{}]*\}/)) window(substr(rl, RSTART, RLENGTH), ts)
  line = ""
  if ("300" in shown) line = " 5h " shown["300"]
  if ("10080" in shown) {
    if (line != "") line = line " ·"
    line = line " week " shown["10080"]
    if ("10080" in reset) line = line " (" countdown(reset["10080"] - now) ")"
  }
  if (line != "") print "codex" line
  else print ""
  if ("10080" in reset) print reset["10080"]
}'

# Reads the hourly outlook (whitespace removed) on stdin; with -v t=<epoch> (or empty) prints two lines:
# the 24-hour percent and the percent before t by the outlook's rule, each with the "not vouched for" mark;
# fails (prints nothing, exit 1) unless it is a usable outlook.
# shellcheck disable=SC2016
AWK_PUBLIC=$AWK_TIME'
{ body = body $0 }
END {
  # A whole JSON object (catches HTML pages and truncated bodies); top-level keys follow "{" or ",".
  if (body !~ /^\{.*\}$/) exit 1
  if (match(body, /[{,]"available":(true|false)[,}]/)) avail = substr(body, RSTART + 13, RLENGTH - 14)
  else exit 1
  mark = avail == "false" ? " (not vouched for)" : ""
  if (!match(body, /[{,]"generated_at":"[^"]*"/) || (gen = epoch(substr(body, RSTART + 17, RLENGTH - 18))) < 0) exit 1
  if (!match(body, /[{,]"rule":"first-point-at-or-after"[,}]/) || !match(body, /[{,]"points":\[\{[^]]*\}\]/)) exit 1
  n = split(substr(body, RSTART + 12, RLENGTH - 14), points, "},{")
  for (i = 1; i <= n; i++) {
    points[i] = points[i] "}" # each point ends as its object did, so every key is followed by "," or "}"
    if (!match(points[i], /"hours":[0-9]+[,}]/)) exit 1
    hours = substr(points[i], RSTART + 8, RLENGTH - 9) + 0
    if (!match(points[i], /"percent":[0-9]+[,}]/)) exit 1
    percent = substr(points[i], RSTART + 10, RLENGTH - 11) + 0
    if (percent > 100 || !match(points[i], /"until":"[^"]*"/)) exit 1
    until = epoch(substr(points[i], RSTART + 9, RLENGTH - 10))
    if (until < 0) exit 1
    if (hours == 24) p24 = percent
    # The published rule: the first point whose until is at or after t; t before generated_at has no answer.
    if (t != "" && before == "" && t > gen && until >= t) before = percent
  }
  if (p24 == "") exit 1
  print p24 "%" mark
  print (before == "" ? "" : before "%" mark)
}'

# Prints the names in folder $1 matching pattern $2 (digits only, so word splitting is safe), newest first.
names() {
  r=''
  for p in "$1"/$2; do
    [ -d "$p" ] && r="${p##*/} $r"
  done
  echo "$r"
}

# Prints the newest usable rollout of day folder $1 (file names sort by the time they were started).
# A compressed one is read only when a zstd binary is here and it is small; else the newest plain one.
newest_in_day() {
  plain=''
  zst=''
  for f in "$1"/rollout-*.jsonl; do
    [ -f "$f" ] && [ -r "$f" ] && plain=$f
  done
  if command -v zstd >/dev/null 2>&1; then
    for f in "$1"/rollout-*.jsonl.zst; do
      [ -f "$f" ] && [ -r "$f" ] && [ -n "$(find -L "$f" -size "-$ZST_MAX_BLOCKS" 2>/dev/null)" ] && zst=$f
    done
  fi
  if [ -n "$zst" ] && { [ -z "$plain" ] || expr "${zst%.zst}" \> "$plain" >/dev/null; }; then
    echo "$zst"
  elif [ -n "$plain" ]; then
    echo "$plain"
  else
    return 1
  fi
}

# Prints the newest usable rollout: newest year, month and day folder first, at most WALK_DAYS day folders.
newest_rollout() {
  [ -d "$sessions" ] || return 1
  left=$WALK_DAYS
  for y in $(names "$sessions" '[0-9][0-9][0-9][0-9]'); do
    for m in $(names "$sessions/$y" '[0-9][0-9]'); do
      for d in $(names "$sessions/$y/$m" '[0-9][0-9]'); do
        [ "$left" -gt 0 ] || return 1
        left=$((left - 1))
        newest_in_day "$sessions/$y/$m/$d" && return 0
      done
    done
  done
  return 1
}

# Prints the personal part and the weekly reset instant (AWK_ROLLOUT's two lines), or nothing.
personal() {
  now=$(date +%s 2>/dev/null) || return 0
  file=$(newest_rollout) || return 0
  case $file in
    *.zst) zstd -dcq -- "$file" 2>/dev/null | tail -c "$TAIL_BYTES" ;;
    *) tail -c "$TAIL_BYTES" -- "$file" 2>/dev/null ;;
  esac | awk -v now="$now" "$AWK_ROLLOUT" 2>/dev/null
}

# Prints the public figures of outlook file $1 for weekly reset instant $2 (AWK_PUBLIC's two lines); fails unless usable.
public() {
  [ -s "$1" ] && { tr -d ' \t\r\n' <"$1"; } 2>/dev/null | awk -v t="$2" "$AWK_PUBLIC" 2>/dev/null
}

# Prints the status line from the personal part $1, the weekly reset $2 and outlook file $3 (or none).
render() {
  figures=''
  [ -n "$3" ] && figures=$(public "$3" "$2")
  p24=$(printf '%s\n' "$figures" | sed -n 1p)
  before=$(printf '%s\n' "$figures" | sed -n 2p)
  if [ -z "$1" ]; then
    [ -n "$p24" ] && echo "reset odds 24h: $p24"
    return 0
  fi
  line=$1
  [ -n "$before" ] && line="$line · reset before it: $before"
  [ -n "$p24" ] && line="$line · 24h $p24"
  echo "$line"
}

# True when file $1 exists and was modified less than $2 minutes ago.
younger_than() {
  [ -f "$1" ] && [ -n "$(find "$1" -mmin "-$2" 2>/dev/null)" ]
}

cleanup() { rm -f "$tmp"; }

fetched=''
if ! { younger_than "$cache" "$CACHE_MINUTES" && public "$cache" '' >/dev/null; } &&
  mkdir -p "$dir" 2>/dev/null &&
  ! younger_than "$failed" "$RETRY_MINUTES" && # offline or down: don't spend 2 s of every redraw on it
  command -v curl >/dev/null 2>&1; then
  trap cleanup EXIT
  trap 'exit 0' HUP INT TERM
  # The request is the same whatever is on this machine; the rollout is read while it runs.
  curl --silent --fail --location --max-time "$TIMEOUT_SECONDS" --max-filesize 1048576 \
    --proto '=http,https' --user-agent 'resetcast-statusline/1' --header 'Accept: application/json' \
    --output "$tmp" "$url" 2>/dev/null &
  request=$!
  fetched=yes
fi
mine=$(personal)
me=$(printf '%s\n' "$mine" | sed -n 1p)
weekly=$(printf '%s\n' "$mine" | sed -n 2p)

outlook=''
if [ -z "$fetched" ]; then
  younger_than "$cache" "$CACHE_MINUTES" && outlook=$cache
elif wait "$request" && public "$tmp" '' >/dev/null; then
  # Only a usable outlook replaces the cache, atomically (same folder, so mv is a rename).
  if mv -f "$tmp" "$cache" 2>/dev/null; then
    rm -f "$failed"
    outlook=$cache
  else
    outlook=$tmp
  fi
else
  : 2>/dev/null >"$failed"
fi
render "$me" "$weekly" "$outlook"
exit 0
