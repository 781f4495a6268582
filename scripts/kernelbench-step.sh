#!/usr/bin/env bash
# One step of the KernelBench sweep (scripts/kernelbench.sh writes the ninja file that runs it).
#
#   kernelbench-step.sh import PROBLEM.py STEM.import BUILD [--no-validate]
#   kernelbench-step.sh bound  STEM.import STEM.bound  BUILD DEVICE [CACHE_STATE]
#
# A step always succeeds for ninja: a refused import or a failed bound is a result of the
# sweep, recorded in the step's output file as `key=value` lines (status, seconds, cpu: the
# CPU seconds of the tool and what it ran, message; import also mlir=, bound also json=). The
# reason is the tool's first `error:` line, so the report can group refusals by cause. Each
# tool runs under a time limit (SWEEP_TIMEOUT_S, default 600 s) so that one problem cannot
# stall the sweep.
set -uo pipefail

limit=${SWEEP_TIMEOUT_S:-600}

# record OUT STATUS SECONDS MESSAGE [key=value ...]
record() {
    local out=$1 status=$2 secs=$3 msg=$4
    shift 4
    {
        echo "status=$status"
        echo "seconds=$secs"
        echo "message=${msg//$'\n'/ }"
        for kv in "$@"; do echo "$kv"; done
    } >"$out.tmp" && mv "$out.tmp" "$out"
}

# first_error LOG: the first line that says error (the located one), else the last line.
first_error() {
    local line
    line=$(grep -m1 -E '(^|: )error:' "$1" 2>/dev/null) || line=$(tail -n1 "$1" 2>/dev/null)
    printf '%s' "${line:-no message}" | cut -c1-300
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# timed FILE CMD...: runs CMD, writing its CPU seconds (user + system, children included) to
# FILE when GNU time is there (scripts/deps.sh installs it); the exit status is CMD's.
timed() {
    local file=$1
    shift
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%U %S' -o "$file" "$@"
    else
        "$@"
    fi
}
cpu_of() { awk 'END { printf "%.2f", $1 + $2 }' "$1" 2>/dev/null; }  # the last line: GNU time may say the exit status first

step_import() {
    local model=$1 out=$2 build=$3
    shift 3
    local mlir=${out%.import}.mlir log=${out%.import}.import.log t0 rc
    mkdir -p "$(dirname "$out")"
    t0=$(now)
    timed "$log.cpu" timeout "$limit" "$build/bin/solar-import" "$model" -o "$mlir" "$@" >"$log" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ -s "$mlir" ]; then
        record "$out" ok "$(since "$t0")" "" "mlir=$mlir" "model=$model" "cpu=$(cpu_of "$log.cpu")"
    else
        rm -f "$mlir"
        [ $rc -eq 124 ] && echo "error: solar-import did not finish in ${limit} s" >>"$log"
        record "$out" refused "$(since "$t0")" "$(first_error "$log")" "model=$model" "exit=$rc" \
            "cpu=$(cpu_of "$log.cpu")"
    fi
}

step_bound() {
    local in=$1 out=$2 build=$3 hw=$4 cache_state=${5:-cold}
    local json=${out%.bound}.json log=${out%.bound}.bound.log mlir sizes t0 rc
    if ! grep -q '^status=ok$' "$in"; then
        record "$out" skipped 0 "not imported"
        return
    fi
    mlir=$(sed -n 's/^mlir=//p' "$in")
    # `// sizes.real: N=4096, M=1024` -> N=4096,M=1024 (no line: nothing to bind)
    sizes=$(sed -n 's|^// sizes.real:[[:space:]]*||p' "$mlir" | head -n1 | tr -d ' ')
    t0=$(now)
    timed "$log.cpu" timeout "$limit" "$build/bin/solar-opt" "$mlir" ${sizes:+--bind "$sizes"} --lift-einsum \
        --sol-unfused --sol-fused --sol-cache --hw "$hw" --cache-state "$cache_state" --report=json \
        --report-file "$json" \
        -o /dev/null >"$log" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ -s "$json" ]; then
        record "$out" ok "$(since "$t0")" "" "json=$json" "sizes=$sizes" "cpu=$(cpu_of "$log.cpu")"
    else
        [ $rc -eq 124 ] && echo "error: solar-opt did not finish in ${limit} s" >>"$log"
        record "$out" failed "$(since "$t0")" "$(first_error "$log")" "exit=$rc" "sizes=$sizes" \
            "cpu=$(cpu_of "$log.cpu")"
    fi
}

case ${1:-} in
    import) shift; step_import "$@" ;;
    bound) shift; step_bound "$@" ;;
    *) echo "kernelbench-step.sh: usage: import|bound ..." >&2; exit 2 ;;
esac
