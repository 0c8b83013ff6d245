#!/bin/sh
# A Vitruvian tool as a POSIX shell script. The app starts it and talks with it over stdin and
# stdout, one JSON message a line: `read` takes a line, member.awk picks fields out of it, printf
# answers. Print nothing else to stdout: echo "..." >&2 goes to the tool's log, and so does `log`.

here=$(dirname "$0")
language=en
next_id=0

send() { printf '%s\n' "$1"; }
# member PATH [JSON]: the raw JSON at PATH ("id", "params.command") in JSON, or in the line just read.
member() { printf '%s\n' "${2-$line}" | LC_ALL=C awk -v want="$1" -f "$here/member.awk"; }
unquote() { v=${1#\"}; printf '%s' "${v%\"}"; }
# json_text TEXT: TEXT made safe to put between quotes in JSON.
json_text() { printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g'; }
log() { send "{\"jsonrpc\":\"2.0\",\"method\":\"log\",\"params\":{\"message\":\"$(json_text "$1")\",\"level\":\"${2:-info}\"}}"; }
answer() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"result\":$2}"; }
fail() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"error\":{\"code\":$2,\"message\":\"$(json_text "$3")\"}}"; }

# request METHOD [PARAMS]: asks the app and waits for the answer: 0 with it in $line, or 1 with
# $reason set when refused. Meanwhile notices are handled and a second command is refused as busy.
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
  exit 0
}

# One function per command in vitruvian-tool.json. Each service it calls must be listed in `uses`.
say_hello() {
  request storage/get '{"id":"greeting"}' || return 1
  greeting=$(member result.value) # raw JSON: a string with its quotes, or null
  case $greeting in '' | null | '""') greeting='"Hello!"' ;; esac
  # The default greeting has a French version; one the person typed is shown as written.
  case $language in fr*) [ "$greeting" = '"Hello!"' ] && greeting='"Bonjour !"' ;; esac
  request storage/get '{"id":"timesGreeted"}' || return 1
  times=$(member result.value)
  times=${times%%.*}
  case $times in '' | *[!0-9]*) times=0 ;; esac
  request storage/set "{\"id\":\"timesGreeted\",\"value\":$((times + 1))}" || return 1
  request notify/hud "{\"text\":$greeting,\"symbol\":\"hand.wave\"}" || return 1
}

run_command() {
  run_id=$1
  command=$(unquote "$2")
  reason="no command $2"
  case $command in
    sayHello) say_hello ;;
    *) false ;;
  esac
  if [ $? -eq 0 ]; then
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
  version=$(tr -d '\n' <"$here/vitruvian-tool.json" | LC_ALL=C awk -v want=version -f "$here/member.awk")
  answer "$1" "{\"protocol\":1,\"version\":$version}"
}

# handle METHOD ID [busy]: one message from the app. ID is empty for a notice.
handle() {
  case $1 in
    '"initialize"') initialize "$2" ;;
    '"command/run"')
      if [ -n "$3" ]; then fail "$2" -32010 "busy with another command"; else run_command "$2" "$(member params.command)"; fi
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
    *) if [ -n "$2" ]; then fail "$2" -32601 "unknown method $(unquote "$1")"; fi ;;
  esac
}

while IFS= read -r line; do
  [ -n "$line" ] || continue
  method=$(member method)
  if [ -n "$method" ]; then handle "$method" "$(member id)"; fi
done
exit 0
