#!/usr/bin/env bash
# README command 2: builds and tests two configurations, as CI does.
#   gcc   build/gcc    RelWithDebInfo, warnings are errors
#   asan  build/asan   clang, ASan + UBSan (+ LeakSanitizer), no recovery
# In each, every unit test (test/unit/*.c -> bin/unit-<name>) and every lit test counts once.
# A configuration that fails to configure or build counts one failure for the build, and
# every one of its tests as failed (they are not run against stale binaries). Ends with exactly one line "N passed, N failed";
# exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
LIT=${LIT:-/usr/lib/llvm-14/build/utils/lit/lit.py}
JOBS=${JOBS:-2}

passed=0
failed=0

scripts/deps.sh || echo "test.sh: deps.sh failed; trying with what is installed" >&2

# The oracles must be present: without them lit marks the example and JIT tests UNSUPPORTED,
# and a run that silently skipped them must not look green.
if ! "$PY" -c 'import numpy, torch' >/dev/null 2>&1; then
    echo "FAIL: prerequisites: $PY cannot import numpy and torch (scripts/deps.sh installs them)"
    failed=$((failed + 1))
fi
# JAX and Flax come from PyPI into the project venv (deps.sh); without them lit marks the JAX
# tests UNSUPPORTED, so a venv that could not be built is a failure, not a skip.
if ! .venv/bin/python3 -c 'import numpy, torch, jax, flax.linen' >/dev/null 2>&1; then
    echo "FAIL: prerequisites: the project venv .venv cannot import numpy, torch, jax and flax" \
        "(scripts/deps.sh builds it from python/requirements.txt; is PyPI reachable?)"
    failed=$((failed + 1))
fi
if [ ! -x /usr/lib/llvm-14/bin/mlir-cpu-runner ]; then
    echo "FAIL: prerequisites: mlir-cpu-runner (mlir-14-tools) is missing"
    failed=$((failed + 1))
fi

# Tests that exist in the source tree, so a broken build still counts them.
unit_names() {
    local f
    for f in test/unit/*.c; do
        [ -e "$f" ] && basename "$f" .c
    done
}
lit_source_count() {
    find test/lit -name Inputs -prune -o -type f \( -name '*.mlir' -o -name '*.test' \) -print |
        wc -l
}

# run_lit XML DIR NONE_FAILED LIT_ARGS...: runs lit on DIR and adds its passes and failures
# to p and f (passed = tests - failures - skipped; UNSUPPORTED counts as neither); when lit
# leaves no results, NONE_FAILED failures.
run_lit() {
    local xml=$1 dir=$2 none=$3 counts
    shift 3
    rm -f "$xml"
    "$PY" "$LIT" -sv "$@" --xunit-xml-output "$xml" "$dir"
    if ! counts=$("$PY" - "$xml" 2>/dev/null <<'PYEOF'
import sys, xml.etree.ElementTree as ET
t = f = s = 0
for suite in ET.parse(sys.argv[1]).getroot().iter("testsuite"):
    t += int(suite.get("tests", 0)); f += int(suite.get("failures", 0)); s += int(suite.get("skipped", 0))
print(t - f - s, f)
PYEOF
    ); then
        counts="0 $none"
        [ "$none" -eq 0 ] || echo "FAIL: [$name] lit $dir produced no results"
    fi
    p=$((p + ${counts% *}))
    f=$((f + ${counts#* }))
}

# run_config NAME BUILD_DIR CMAKE_ARGS...
run_config() {
    local name=$1 dir=$2
    shift 2
    local p=0 f=0 built=1
    echo "=== [$name] configure + build ($dir)"
    if ! cmake -S . -B "$dir" -G Ninja "$@" >"$dir.configure.log" 2>&1; then
        cat "$dir.configure.log"
        echo "FAIL: [$name] configure"
        f=$((f + 1))
        built=0
    elif ! ninja -C "$dir" -j "$JOBS" -k 0; then
        echo "FAIL: [$name] build"
        f=$((f + 1))
        built=0
    fi

    if [ "$built" -eq 0 ]; then
        local n_unit n_lit
        n_unit=$(unit_names | wc -l)
        n_lit=$(lit_source_count)
        echo "FAIL: [$name] not built: $n_unit unit tests and $n_lit lit tests count as failed"
        f=$((f + n_unit + n_lit))
    else
        echo "=== [$name] unit tests"
        local u log
        for u in $(unit_names); do
            log="$dir/unit-$u.log"
            if timeout 300 "$dir/bin/unit-$u" >"$log" 2>&1; then
                p=$((p + 1))
            else
                f=$((f + 1))
                echo "FAIL: [$name] unit-$u"
                tail -n 40 "$log"
            fi
        done

        echo "=== [$name] lit"
        run_lit "$dir/lit-results.xml" "$dir/test/lit" "$(lit_source_count)"
        # solar-run's tests once more on its C engine (the run above leaves the choice to
        # auto, which interprets runs this small): test/lit/Exec/lit.local.cfg reads the param.
        echo "=== [$name] lit Exec on solar-run's C engine"
        run_lit "$dir/lit-results-exec-c.xml" "$dir/test/lit/Exec" 1 --param solar_run_engine=c
    fi

    echo "=== [$name] $p passed, $f failed"
    passed=$((passed + p))
    failed=$((failed + f))
}

mkdir -p build
run_config gcc build/gcc \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_COMPILE_WARNING_AS_ERROR=ON

export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_config asan build/asan \
    -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_C_FLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
unset ASAN_OPTIONS UBSAN_OPTIONS

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
