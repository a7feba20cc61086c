#!/bin/sh
# Resetcast status line: prints "reset odds 24h: <p24>%" for a shell prompt, tmux or an editor's status line,
# with " (not vouched for)" after it while the forecast says "available": false.
# POSIX sh + curl, no jq. Caches the forecast for 10 minutes; a request gets 2 seconds.
# On any failure it prints nothing and exits 0, so it never blocks or pollutes a prompt.
#
#   RESETCAST_URL     site to read (default below; /api/v1/forecast.json is appended)
#   XDG_CACHE_HOME    cache folder (default ~/.cache); the cache is $XDG_CACHE_HOME/resetcast/forecast.json
#
# Docs: https://resetcast.netlify.app/developers/ — data: Resetcast (independent; estimates, not a schedule).

RESETCAST_DEFAULT_URL='https://resetcast.netlify.app'
CACHE_MINUTES=10 # cache judged by file modification time (docs/statusline.md)
RETRY_MINUTES=1  # after a failed request, wait this long before trying again (a prompt redraws often)
TIMEOUT_SECONDS=2

base=${RESETCAST_URL:-$RESETCAST_DEFAULT_URL}
base=${base%/}
url="$base/api/v1/forecast.json"

# The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
case ${XDG_CACHE_HOME:-} in
  /*) cache_root=$XDG_CACHE_HOME ;;
  *) cache_root=${HOME:-}/.cache ;;
esac
dir="$cache_root/resetcast"
cache="$dir/forecast.json"
failed="$dir/last-failure"
tmp="$dir/.forecast.$$.tmp"

# Prints the first integer value of top-level key $1 in the JSON text on stdin (compact or pretty).
# An escaped quote before the key means it sits inside a string, so it is skipped.
json_int() {
  tr -d '\r\n' | sed -n "s/^\(.*[^\\\\]\)\{0,1\}\"$1\"[[:space:]]*:[[:space:]]*\(-\{0,1\}[0-9][0-9]*\)[[:space:]]*[,}].*$/\2/p"
}

# Prints the bare word (true, false, null) after top-level key $1 of the JSON text on stdin; callers check it.
json_bool() {
  tr -d '\r\n' | sed -n "s/^\(.*[^\\\\]\)\{0,1\}\"$1\"[[:space:]]*:[[:space:]]*\([a-z][a-z]*\)[[:space:]]*[,}].*$/\2/p"
}

# Prints the status text for forecast file $1; fails (prints nothing) unless it is a usable forecast.
render() {
  [ -s "$1" ] || return 1
  # A whole JSON object: starts with "{" and ends with "}" (catches HTML pages and truncated bodies).
  body=$(tr -d ' \t\r\n' <"$1") || return 1
  case $body in
    \{*\}) ;;
    *) return 1 ;;
  esac
  # The site's one rule (docs/statusline.md): available false means the record is not vouched for; the
  # figure is still shown, marked, as the pages show it under their "not vouched for" line.
  available=$(json_bool available <"$1")
  case $available in
    false) mark=' (not vouched for)' ;;
    true) mark='' ;;
    *) return 1 ;;
  esac
  p24=$(json_int p24 <"$1")
  case $p24 in
    '' | *[!0-9]*) return 1 ;; # empty, negative, or more than one match
  esac
  [ "${#p24}" -le 3 ] && [ "$p24" -le 100 ] || return 1
  echo "reset odds 24h: $p24%$mark"
}

# True when file $1 exists and was modified less than $2 minutes ago.
younger_than() {
  [ -f "$1" ] && [ -n "$(find "$1" -mmin "-$2" 2>/dev/null)" ]
}

cleanup() { rm -f "$tmp"; }

if younger_than "$cache" "$CACHE_MINUTES" && render "$cache"; then
  exit 0
fi
mkdir -p "$dir" 2>/dev/null || exit 0
# Offline or down: don't spend 2 s of every prompt redraw on a request that just failed.
younger_than "$failed" "$RETRY_MINUTES" && exit 0
command -v curl >/dev/null 2>&1 || exit 0

trap cleanup EXIT
trap 'exit 0' HUP INT TERM
if curl --silent --fail --location --max-time "$TIMEOUT_SECONDS" --max-filesize 1048576 \
  --proto '=http,https' --user-agent 'resetcast-statusline/1' --header 'Accept: application/json' \
  --output "$tmp" "$url" 2>/dev/null &&
  text=$(render "$tmp"); then
  # Only a usable forecast replaces the cache, atomically (same folder, so mv is a rename).
  mv -f "$tmp" "$cache" 2>/dev/null && rm -f "$failed"
  echo "$text"
else
  : >"$failed" 2>/dev/null
fi
exit 0
