#!/usr/bin/env bash
# Fuzzes the parser (+ verifier + printer) with libFuzzer for SECONDS (default 600).
#   scripts/fuzz.sh [SECONDS]
# Builds build/fuzz with clang and -DSOLAR_FUZZ=ON, seeds build/fuzz/corpus from every *.mlir
# under test/ and examples/, and keeps the corpus between runs. Findings (crash-*, leak-*,
# timeout-*, oom-*) land in build/fuzz/artifacts/; reproduce one with
#   build/fuzz/bin/solar-parser-fuzzer build/fuzz/artifacts/crash-<hash>
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

secs=${1:-600}
dir=build/fuzz

scripts/deps.sh || exit 1
cmake -S . -B "$dir" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSOLAR_FUZZ=ON -DSOLAR_TESTS=OFF || exit 1
ninja -C "$dir" -j "${JOBS:-2}" solar-parser-fuzzer || exit 1

mkdir -p "$dir/corpus" "$dir/artifacts"
seeds=0
while IFS= read -r -d '' f; do
    cp "$f" "$dir/corpus/seed-$(echo "$f" | tr '/' '_')"
    seeds=$((seeds + 1))
done < <(find test examples -name '*.mlir' -type f -print0 2>/dev/null)
echo "fuzz.sh: $seeds seed files, corpus has $(find "$dir/corpus" -type f | wc -l) inputs; running ${secs}s"

touch "$dir/artifacts/.run-start"    # report only what this run finds
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$dir/bin/solar-parser-fuzzer" -max_total_time="$secs" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -dict=fuzz/mlir.dict -artifact_prefix="$dir/artifacts/" \
    -print_final_stats=1 "$dir/corpus" 2>&1 | tee "$dir/fuzz.log" | grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse)'
rc=${PIPESTATUS[0]}

findings=$(find "$dir/artifacts" -type f -newer "$dir/artifacts/.run-start" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'slow-unit-*' \) | sort)
if [ -n "$findings" ]; then
    echo "fuzz.sh: findings (log: $dir/fuzz.log):"
    echo "$findings" | sed 's/^/  /'
    exit 1
fi
if [ "$rc" -ne 0 ]; then
    echo "fuzz.sh: fuzzer exited with status $rc and no artifact (see $dir/fuzz.log)"
    exit "$rc"
fi
echo "fuzz.sh: no findings in ${secs}s; corpus now $(find "$dir/corpus" -type f | wc -l) inputs"
