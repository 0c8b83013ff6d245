# Prints the raw JSON of a member of the message on the input line, found by a dotted path:
# "id", "method", "params.command", "result.value"; "[]" stands for every element of an array
# ("params.preferences[]"), one line each. Strings keep their quotes and escapes, so the text can go
# straight back into JSON. Prints an empty line when there is no such member.
# It only reads JSON the app wrote, so it trusts the line to be well formed. Run it with LC_ALL=C.

function skip_space() {
  while (i <= n && index(" \t\r", substr(s, i, 1)) > 0) i++
}

function read_string(   start, c) {
  start = i
  i++
  while (i <= n) {
    c = substr(s, i, 1)
    if (c == "\\") i += 2
    else if (c == "\"") { i++; return substr(s, start, i - start) }
    else i++
  }
  return substr(s, start)
}

function read_value(path,   start, c, key) {
  skip_space()
  start = i
  c = substr(s, i, 1)
  if (c == "{" || c == "[") {
    i++
    skip_space()
    if (substr(s, i, 1) == (c == "{" ? "}" : "]")) i++
    else while (i <= n) {
      if (c == "{") {
        skip_space()
        key = read_string()
        key = substr(key, 2, length(key) - 2)
        skip_space()
        i++ # the colon
        read_value(path == "" ? key : path "." key)
      } else read_value(path "[]")
      skip_space()
      i++ # a comma, or the closing bracket
      if (substr(s, i - 1, 1) != ",") break
    }
  } else if (c == "\"") read_string()
  else while (i <= n && index(",}] \t\r", substr(s, i, 1)) == 0) i++
  if (path == want) { print substr(s, start, i - start); found++ }
}

{
  s = $0; n = length(s); i = 1; found = 0
  read_value("")
  if (found == 0) print ""
}
