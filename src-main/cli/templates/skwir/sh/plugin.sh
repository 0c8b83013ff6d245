#!/bin/sh
# A Skwir plugin as a POSIX shell script. Skwir (or Vitruvian) starts it and talks with it over stdin
# and stdout, one JSON message a line: `read` takes a line, member.awk picks fields out of it, printf
# answers. Print nothing else to stdout: echo "..." >&2 goes to the plugin's log, and so does `log`.
# The bytes of files come base64-encoded; `base64 -d` decodes them (Linux, and macOS 13 or later).
# Each message is one shell line and a few awk runs: this suits small files and few of them.

here=$(dirname "$0")
next_id=0
call= # the id of the call being answered

send() { printf '%s\n' "$1"; }
# member PATH [JSON]: the raw JSON at PATH ("id", "params.file.size") in JSON, or in the line just read.
member() { printf '%s\n' "${2-$line}" | LC_ALL=C awk -v want="$1" -f "$here/member.awk"; }
unquote() { v=${1#\"}; printf '%s' "${v%\"}"; }
# json_text TEXT: TEXT made safe to put between quotes in JSON.
json_text() { printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g'; }
log() { send "{\"jsonrpc\":\"2.0\",\"method\":\"log\",\"params\":{\"level\":\"${2:-info}\",\"message\":\"$(json_text "$1")\"}}"; }
answer() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"result\":$2}"; }
fail() { send "{\"jsonrpc\":\"2.0\",\"id\":$1,\"error\":{\"code\":$2,\"message\":\"$(json_text "$3")\"}}"; }

# read_bytes HANDLE OFFSET LENGTH: asks the host for bytes of one of the call's files and waits.
# Returns 0 with their base64 in $data (empty past the end), 1 with $reason when the host refused,
# 2 when the host cancelled the call (stop, and answer nothing).
read_bytes() {
  next_id=$((next_id + 1))
  send "{\"jsonrpc\":\"2.0\",\"id\":$next_id,\"method\":\"read\",\"params\":{\"file\":$1,\"offset\":$2,\"length\":$3}}"
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    case $(member method) in
      '') # an answer: ours, or one to a read of a call given up on
        [ "$(member id)" = "$next_id" ] || continue
        data=$(member result.data)
        if [ -z "$data" ]; then
          reason="cannot read file $1: $(unquote "$(member error.message)")"
          return 1
        fi
        data=$(unquote "$data")
        return 0
        ;;
      '"$/cancel"') [ "$(member params.id)" = "$call" ] && return 2 ;;
      *) # the host sends one call at a time: another one now is a mistake
        id=$(member id)
        [ -n "$id" ] && fail "$id" -32000 "busy with call $call"
        ;;
    esac
  done
  exit 0 # the host closed our input: it is done with us
}

# size_of FILE: the size of one of the call's files (FILE is its JSON) in $size: from the host when
# it gives one, else counted by reading the file to its end. Returns as read_bytes does.
size_of() {
  size=$(member size "$1")
  case $size in '' | null) ;; *) return 0 ;; esac
  handle=$(member handle "$1")
  case $handle in '' | *[!0-9]*) reason="not a file with a whole-number handle: $1" code=-32602; return 1 ;; esac
  size=0
  while :; do
    read_bytes "$handle" "$size" 65536 || return # small reads keep each line quick for awk
    [ -n "$data" ] || return 0
    size=$((size + $(printf '%s' "$data" | base64 -d | wc -c)))
  done
}

# One case per field key in skwir-plugin.toml; the value goes in $result as JSON.
field() {
  case $(member params.key) in
    '"file-size.bytes"') size_of "$(member params.file)" && result="{\"value\":$size}" ;;
    *) reason="no field $(member params.key)" code=-32602; return 1 ;;
  esac
}

# One case per command name in skwir-plugin.toml; the answer goes in $result as JSON.
command() {
  case $(member params.command) in
    '"file-size.total"')
      files=0 bytes=0
      # The entries come on fd 3, so that read_bytes still reads the host's messages on stdin.
      while IFS= read -r entry <&3; do
        [ -n "$entry" ] || continue
        size_of "$entry" || return
        files=$((files + 1)) bytes=$((bytes + size))
      done 3<<EOF
$(member 'params.entries[]')
EOF
      log "$files files, $bytes bytes" debug
      result="{\"answer\":\"value\",\"value\":{\"files\":$files,\"bytes\":$bytes}}"
      ;;
    *) reason="no command $(member params.command)" code=-32602; return 1 ;;
  esac
}

# answer_call ID METHOD: one call, answered with $result, or failed with $code and $reason.
answer_call() {
  call=$1 code=-32000 reason=
  case $2 in
    '"field"') field ;;
    '"command"') command ;;
    *) reason="unknown method $(unquote "$2")" code=-32601; false ;;
  esac
  case $? in
    0) answer "$1" "$result" ;;
    2) echo "call $1 cancelled: not answered" >&2 ;;
    *) fail "$1" "$code" "$reason" ;;
  esac
  call=
}

while IFS= read -r line; do
  [ -n "$line" ] || continue
  method=$(member method)
  id=$(member id)
  # Notices outside a call ($/cancel of a call answered already) and stray answers are ignored.
  [ -n "$method" ] && [ -n "$id" ] || continue
  case $method in
    '"initialize"') answer "$id" '{"api":1}' ;;
    *) answer_call "$id" "$method" ;;
  esac
done
exit 0
