# shellcheck shell=bash
# Sourced by the bench scripts: best COMMAND...: "seconds peak-KiB" of the fastest of $repeats
# runs of COMMAND (wall seconds and peak RSS, by /usr/bin/time), scratch files in $work; a run that
# fails ends the script with its stderr.
best() {
  local best="" best_kib=""
  for _ in $(seq "${repeats:?}"); do
    /usr/bin/time -f "%e %M" -o "${work:?}/time" "$@" >/dev/null 2>"${work:?}/err" \
      || { echo "failed: $*" >&2; cat "${work:?}/err" >&2; exit 1; }
    local seconds kib
    read -r seconds kib <"${work:?}/time"
    if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN {exit !(a < b)}'; then
      best=$seconds
      best_kib=$kib
    fi
  done
  echo "$best $best_kib"
}
