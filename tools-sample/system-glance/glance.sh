#!/bin/sh
# System glance: a sample Vitruvian tool written as a POSIX shell script. It shows the load average
# and copies the machine's name. The protocol is one JSON message a line: `read` takes one line from
# the app, member.awk picks fields out of it, printf writes our answer. Only messages go to stdout;
# anything else (our own errors included) goes to stderr, which the app keeps in the tool's log.

here=$(dirname "$0")
language=en
next_id=0

send() { printf '%s\n' "$1"; }

# member PATH [JSON]: the raw JSON at PATH in JSON (the line just read, when absent).
member() { printf '%s\n' "${2-$line}" | LC_ALL=C awk -v want="$1" -f "$here/member.awk"; }

# unquote "\"fr\"" -> fr (for plain values such as ids and language tags)
unquote() { v=${1#\"}; printf '%s' "${v%\"}"; }

# json_text TEXT: TEXT made safe to put between quotes in JSON.
json_text() { printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g'; }

log() { send "{\"jsonrpc\":\"2.0\",\"method\":\"log\",\"params\":{\"message\":\"$(json_text "$1")\",\"level\":\"${2:-info}\"}}"; }

answer() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"result\":$2}"; }

fail() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"error\":{\"code\":$2,\"message\":\"$(json_text "$3")\"}}"; }

# request METHOD [PARAMS]: asks the app and reads until the answer comes. Returns 0 with the answer
# in $line, or 1 with $reason set when the app refused. A shell script does one thing at a time, so
# meanwhile notices are handled and a second command is refused as busy.
request() {
  next_id=$((next_id + 1))
  waiting_for=$next_id
  if [ -n "$2" ]; then
    send "{\"jsonrpc\":\"2.0\",\"id\":$waiting_for,\"method\":\"$1\",\"params\":$2}"
  else
    send "{\"jsonrpc\":\"2.0\",\"id\":$waiting_for,\"method\":\"$1\"}"
  fi
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    method=$(member method)
    if [ -n "$method" ]; then
      handle "$method" "$(member id)" busy
    elif [ "$(member id)" = "$waiting_for" ]; then
      [ -z "$(member error)" ] && return 0
      reason="$1 was refused ($(member error.code))"
      return 1
    fi
  done
  exit 0 # the app closed our input
}

show_load() {
  load=$(uptime | sed 's/.*load average[s]*: *//')
  case $language in
    fr*) text="Charge : $load" ;;
    *) text="Load: $load" ;;
  esac
  request notify/hud "{\"text\":\"$(json_text "$text")\",\"symbol\":\"gauge\"}" || return 1
  request storage/get '{"id":"beep"}' || return 1
  if [ "$(member result.value)" = true ]; then request notify/beep || return 1; fi
  # Count the glances in a preference the person never sees (it has no title).
  request storage/get '{"id":"glances"}' || return 1
  glances=$(member result.value)
  glances=${glances%%.*}
  case $glances in '' | *[!0-9]*) glances=0 ;; esac
  request storage/set "{\"id\":\"glances\",\"value\":$((glances + 1))}" || return 1
}

copy_hostname() {
  name=$(uname -n)
  request clipboard/writeText "{\"text\":\"$(json_text "$name")\"}" || return 1
  case $language in
    fr*) text="Copié : $name" ;;
    *) text="Copied: $name" ;;
  esac
  request notify/hud "{\"text\":\"$(json_text "$text")\",\"symbol\":\"desktopcomputer\"}" || return 1
}

run_command() {
  run_id=$1
  command=$(unquote "$2")
  reason="no command $2"
  case $command in
    showLoad) show_load ;;
    copyHostname) copy_hostname ;;
    *) false ;;
  esac
  if [ $? -eq 0 ]; then
    log "$command ran"
    answer "$run_id" '{}'
  else
    log "$command did not run: $reason" warn
    fail "$run_id" -32010 "$reason"
  fi
}

initialize() {
  case ",$(member params.protocols | tr -d '[] ')," in
    *,1,*) ;;
    *) fail "$1" -32602 "this tool speaks protocol 1 only"; return ;;
  esac
  offered=$(member params.language)
  [ -n "$offered" ] && language=$(unquote "$offered")
  # The version comes from the manifest, so the two never disagree.
  version=$(tr -d '\n' <"$here/vitruvian-tool.json" | LC_ALL=C awk -v want=version -f "$here/member.awk")
  answer "$1" "{\"protocol\":1,\"version\":$version}"
}

# handle METHOD ID [busy]: one message from the app. ID is empty for a notice.
handle() {
  case $1 in
    '"initialize"') initialize "$2" ;;
    '"command/run"')
      if [ -n "$3" ]; then
        fail "$2" -32010 "busy with another command"
      else
        run_command "$2" "$(member params.command)"
      fi
      ;;
    '"preferences/changed"')
      member 'params.preferences[]' | while IFS= read -r preference; do
        changed=$(member id "$preference")
        [ -n "$changed" ] || continue
        log "preference $(unquote "$changed") changed to $(member value "$preference")"
      done
      ;;
    '"language/changed"')
      language=$(unquote "$(member params.language)")
      log "language changed to $language"
      ;;
    '"shutdown"') exit 0 ;;
    *)
      # An unknown request is answered -32601; an unknown notice is ignored.
      if [ -n "$2" ]; then fail "$2" -32601 "unknown method $(unquote "$1")"; fi
      ;;
  esac
}

while IFS= read -r line; do
  [ -n "$line" ] || continue
  method=$(member method)
  # A line with no method is an answer to a request we are no longer waiting for: dropped.
  if [ -n "$method" ]; then handle "$method" "$(member id)"; fi
done
exit 0
