#!/usr/bin/env bash
# Fuzzes with libFuzzer for SECONDS (default 600) one of two harnesses (default parser):
#   scripts/fuzz.sh [SECONDS] [parser|exec]
#   parser: the parser (+ verifier + printer), fuzz/parser_fuzzer.c, bin/solar-parser-fuzzer
#   exec:   parse + verify + --bind + the executor on small tensors (what solar-run does with
#           untrusted IR), fuzz/exec_fuzzer.c, bin/solar-exec-fuzzer
# Builds build/fuzz (FUZZ_DIR overrides it) with clang and -DSOLAR_FUZZ=ON and keeps each
# harness's corpus between runs. The parser harness is seeded from every *.mlir under test/
# and examples/ into build/fuzz/corpus, and findings (crash-*, leak-*, timeout-*, oom-*) land
# in build/fuzz/artifacts/; reproduce one with
#   build/fuzz/bin/solar-parser-fuzzer build/fuzz/artifacts/crash-<hash>
# The exec harness uses build/fuzz/exec-corpus and build/fuzz/exec-artifacts/; its seeds are
# the same files, each `// -----` chunk a seed of its own. SOLAR_FUZZ_VERBOSE=1 makes it print
# the diagnostics and the sizes it chose:
#   SOLAR_FUZZ_VERBOSE=1 build/fuzz/bin/solar-exec-fuzzer build/fuzz/exec-artifacts/crash-<hash>
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

secs=${1:-600}
harness=${2:-parser}
dir=${FUZZ_DIR:-build/fuzz}
case "$harness" in
parser) fuzzer=solar-parser-fuzzer corpus=$dir/corpus artifacts=$dir/artifacts max_len=4096 ;;
exec) fuzzer=solar-exec-fuzzer corpus=$dir/exec-corpus artifacts=$dir/exec-artifacts max_len=8192 ;;
*)
    echo "usage: scripts/fuzz.sh [SECONDS] [parser|exec]" >&2
    exit 2
    ;;
esac
case "$secs" in
'' | *[!0-9]*)
    echo "usage: scripts/fuzz.sh [SECONDS] [parser|exec]" >&2
    exit 2
    ;;
esac

scripts/deps.sh || exit 1
cmake -S . -B "$dir" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSOLAR_FUZZ=ON -DSOLAR_TESTS=OFF || exit 1
ninja -C "$dir" -j "${JOBS:-2}" "$fuzzer" || exit 1

mkdir -p "$corpus" "$artifacts"
seeds=0
while IFS= read -r -d '' f; do
    name="$corpus/seed-$(echo "$f" | tr '/' '_')"
    if [ "$harness" = exec ] && grep -q '^// -----' "$f"; then
        # One seed per --split-input-file chunk: each is a module of its own.
        n=$(awk -v out="$name" 'BEGIN { k = 0 } /^\/\/ -----/ { k++; next } { print > (out "-" k) } END { print k + 1 }' "$f")
        seeds=$((seeds + n))
    else
        cp "$f" "$name"
        seeds=$((seeds + 1))
    fi
done < <(find test examples -name '*.mlir' -type f -print0 2>/dev/null)
echo "fuzz.sh: $harness: $seeds seed files, corpus has $(find "$corpus" -type f | wc -l) inputs; running ${secs}s"

touch "$artifacts/.run-start"    # report only what this run finds
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$dir/bin/$fuzzer" -max_total_time="$secs" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -dict=fuzz/mlir.dict -artifact_prefix="$artifacts/" \
    -print_final_stats=1 "$corpus" 2>&1 | tee "$dir/fuzz-$harness.log" | grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse)'
rc=${PIPESTATUS[0]}
[ "$harness" = parser ] && cp "$dir/fuzz-$harness.log" "$dir/fuzz.log"

findings=$(find "$artifacts" -type f -newer "$artifacts/.run-start" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'slow-unit-*' \) | sort)
if [ -n "$findings" ]; then
    echo "fuzz.sh: findings (log: $dir/fuzz-$harness.log):"
    echo "$findings" | sed 's/^/  /'
    exit 1
fi
if [ "$rc" -ne 0 ]; then
    echo "fuzz.sh: fuzzer exited with status $rc and no artifact (see $dir/fuzz-$harness.log)"
    exit "$rc"
fi
echo "fuzz.sh: no findings in ${secs}s; corpus now $(find "$corpus" -type f | wc -l) inputs"
