;; Line count: a Skwir module plugin written by hand in the WebAssembly text format. It answers
;; `field` with the number of lines of a file, reading its bytes through `read` 64 KiB at a time,
;; and logs how many lines it counted in how many reads. A last line without a line break counts.
;;
;; The component's world is world.wit (skwir:plugin/plugin). The core module below follows the
;; component model's canonical ABI for it: strings and lists are (address, length) pairs in this
;; module's memory; `read` and `call` return their result<...> through a 12-byte area (the case,
;; then the address and length of the list or string); the host writes what it gives (the call's
;; method and params, a read's bytes) into memory it asks for with cabi_realloc. Rebuild with
;; `npx tsx scripts/build-wat-plugin.ts tools-sample/skwir-lines` (README.md).
(module
  (import "$root" "read" (func $read (param i32 i64 i32 i32)))
  (import "$root" "log" (func $log (param i32 i32 i32 i32)))
  (memory (export "memory") 2)

  ;; Memory from 64 KiB up is handed out from $heap and given back after each call.
  (global $heap (mut i32) (i32.const 65536))

  (data (i32.const 0) "info")
  (data (i32.const 16) "field")
  (data (i32.const 32) "{\"value\":")
  (data (i32.const 48) "}")
  (data (i32.const 64) "only field is answered by this plugin")
  (data (i32.const 128) "counted ")
  (data (i32.const 144) " lines in ")
  (data (i32.const 160) " reads")
  (data (i32.const 176) "\"handle\":")

  ;; Where `read` puts its result, where `call` returns its own, a scratch place for digits.
  (global $readResult i32 (i32.const 1024))
  (global $callResult i32 (i32.const 1040))
  (global $digits i32 (i32.const 1100))

  (func $alloc (param $align i32) (param $size i32) (result i32)
    (local $at i32)
    (local.set $at (i32.and (i32.add (global.get $heap) (i32.sub (local.get $align) (i32.const 1)))
                            (i32.sub (i32.const 0) (local.get $align))))
    (global.set $heap (i32.add (local.get $at) (local.get $size)))
    (block $enough
      (loop $more
        (br_if $enough (i32.le_u (global.get $heap) (i32.mul (memory.size) (i32.const 65536))))
        (if (i32.eq (memory.grow (i32.const 1)) (i32.const -1)) (then (unreachable)))
        (br $more)))
    (local.get $at))

  (func (export "cabi_realloc") (param $old i32) (param $oldSize i32) (param $align i32) (param $size i32) (result i32)
    (call $alloc (local.get $align) (local.get $size)))

  ;; result<string, string>: 0 for ok, 1 for err, then the text.
  (func $result (param $case i32) (param $at i32) (param $length i32) (result i32)
    (i32.store8 (global.get $callResult) (local.get $case))
    (i32.store offset=4 (global.get $callResult) (local.get $at))
    (i32.store offset=8 (global.get $callResult) (local.get $length))
    (global.get $callResult))

  ;; Writes $value in decimal at $out; gives the number of digits.
  (func $decimal (param $value i64) (param $out i32) (result i32)
    (local $end i32) (local $at i32)
    (local.set $end (i32.add (global.get $digits) (i32.const 20)))
    (local.set $at (local.get $end))
    (loop $digit
      (local.set $at (i32.sub (local.get $at) (i32.const 1)))
      (i64.store8 (local.get $at) (i64.add (i64.const 48) (i64.rem_u (local.get $value) (i64.const 10))))
      (local.set $value (i64.div_u (local.get $value) (i64.const 10)))
      (br_if $digit (i64.ne (local.get $value) (i64.const 0))))
    (memory.copy (local.get $out) (local.get $at) (i32.sub (local.get $end) (local.get $at)))
    (i32.sub (local.get $end) (local.get $at)))

  ;; Copies $length bytes from $from to $out; gives the place after them.
  (func $put (param $out i32) (param $from i32) (param $length i32) (result i32)
    (memory.copy (local.get $out) (local.get $from) (local.get $length))
    (i32.add (local.get $out) (local.get $length)))

  ;; Where the text at $needle (length $needleLength) ends in the text at $at (length $length); 0
  ;; when it is not there.
  (func $after (param $at i32) (param $length i32) (param $needle i32) (param $needleLength i32) (result i32)
    (local $i i32) (local $j i32)
    (block $none
      (loop $from
        (br_if $none (i32.gt_u (i32.add (local.get $i) (local.get $needleLength)) (local.get $length)))
        (local.set $j (i32.const 0))
        (block $differs
          (loop $same
            (if (i32.eq (local.get $j) (local.get $needleLength))
              (then (return (i32.add (local.get $at) (i32.add (local.get $i) (local.get $needleLength))))))
            (br_if $differs (i32.ne (i32.load8_u (i32.add (local.get $at) (i32.add (local.get $i) (local.get $j))))
                                    (i32.load8_u (i32.add (local.get $needle) (local.get $j)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $same)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $from)))
    (i32.const 0))

  ;; The whole number whose digits start at $at (none: 0).
  (func $number (param $at i32) (result i32)
    (local $value i32) (local $digit i32)
    (block $done
      (br_if $done (i32.eqz (local.get $at)))
      (loop $next
        (local.set $digit (i32.sub (i32.load8_u (local.get $at)) (i32.const 48)))
        (br_if $done (i32.gt_u (local.get $digit) (i32.const 9)))
        (local.set $value (i32.add (i32.mul (local.get $value) (i32.const 10)) (local.get $digit)))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $next)))
    (local.get $value))

  (func (export "call") (param $method i32) (param $methodLength i32) (param $params i32) (param $paramsLength i32) (result i32)
    (local $lines i64) (local $reads i64) (local $offset i64) (local $last i32)
    ;; The handle the call gave its file (handles run on from call to call: never assume 1).
    (local $file i32)
    (local $mark i32) (local $data i32) (local $length i32) (local $i i32) (local $out i32) (local $at i32)
    ;; Only `field` is declared in skwir-plugin.toml, so only `field` is asked.
    (if (i32.or (i32.ne (local.get $methodLength) (i32.const 5))
                (i32.or (i32.ne (i32.load (local.get $method)) (i32.load (i32.const 16)))
                        (i32.ne (i32.load8_u offset=4 (local.get $method)) (i32.load8_u offset=4 (i32.const 16)))))
      (then (return (call $result (i32.const 1) (i32.const 64) (i32.const 37)))))
    (local.set $last (i32.const 10))
    (local.set $file (call $number (call $after (local.get $params) (local.get $paramsLength) (i32.const 176) (i32.const 9))))
    (block $end
      (loop $chunk
        (local.set $mark (global.get $heap))
        (call $read (local.get $file) (local.get $offset) (i32.const 65536) (global.get $readResult))
        (local.set $reads (i64.add (local.get $reads) (i64.const 1)))
        (local.set $data (i32.load offset=4 (global.get $readResult)))
        (local.set $length (i32.load offset=8 (global.get $readResult)))
        ;; A refused read: its message is the call's failure.
        (if (i32.load8_u (global.get $readResult))
          (then (return (call $result (i32.const 1) (local.get $data) (local.get $length)))))
        (local.set $i (i32.const 0))
        (block $counted
          (loop $byte
            (br_if $counted (i32.ge_u (local.get $i) (local.get $length)))
            (if (i32.eq (i32.load8_u (i32.add (local.get $data) (local.get $i))) (i32.const 10))
              (then (local.set $lines (i64.add (local.get $lines) (i64.const 1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $byte)))
        (if (local.get $length)
          (then (local.set $last (i32.load8_u (i32.add (local.get $data) (i32.sub (local.get $length) (i32.const 1)))))))
        (local.set $offset (i64.add (local.get $offset) (i64.extend_i32_u (local.get $length))))
        ;; The chunk is counted: its memory is handed out again for the next.
        (global.set $heap (local.get $mark))
        (br_if $end (i32.lt_u (local.get $length) (i32.const 65536)))
        (br $chunk)))
    (if (i32.ne (local.get $last) (i32.const 10))
      (then (local.set $lines (i64.add (local.get $lines) (i64.const 1)))))

    ;; "counted <lines> lines in <reads> reads", to the plugin's log.
    (local.set $out (call $alloc (i32.const 1) (i32.const 80)))
    (local.set $at (call $put (local.get $out) (i32.const 128) (i32.const 8)))
    (local.set $at (i32.add (local.get $at) (call $decimal (local.get $lines) (local.get $at))))
    (local.set $at (call $put (local.get $at) (i32.const 144) (i32.const 10)))
    (local.set $at (i32.add (local.get $at) (call $decimal (local.get $reads) (local.get $at))))
    (local.set $at (call $put (local.get $at) (i32.const 160) (i32.const 6)))
    (call $log (i32.const 0) (i32.const 4) (local.get $out) (i32.sub (local.get $at) (local.get $out)))

    ;; {"value":<lines>}
    (local.set $out (call $alloc (i32.const 1) (i32.const 40)))
    (local.set $at (call $put (local.get $out) (i32.const 32) (i32.const 9)))
    (local.set $at (i32.add (local.get $at) (call $decimal (local.get $lines) (local.get $at))))
    (local.set $at (call $put (local.get $at) (i32.const 48) (i32.const 1)))
    (call $result (i32.const 0) (local.get $out) (i32.sub (local.get $at) (local.get $out))))

  ;; The host has copied the answer out: everything handed out during the call is free again.
  (func (export "cabi_post_call") (param $result i32)
    (global.set $heap (i32.const 65536)))
)
