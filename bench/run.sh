#!/usr/bin/env bash
# Times solar-opt against mlir-opt-14 on the same large file (parse + verify + print).
#   bench/run.sh                       # uses $SOLAR_OPT, else build/bin/solar-opt, else build/gcc/bin/solar-opt
# The input (bench/gen_large.py defaults, MLIR 14 spelling, seed 1) is generated once into
# build/bench/big.mlir. Each tool runs 3 times; the table shows the median wall time and peak
# RSS (GNU time), then the ratios against the targets (>= 3x faster, <= 0.5x the memory).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MLIR_OPT=${MLIR_OPT:-mlir-opt-14}
GNU_TIME=/usr/bin/time
RUNS=3

if [ -z "${SOLAR_OPT:-}" ]; then
    SOLAR_OPT=build/bin/solar-opt
    [ -x "$SOLAR_OPT" ] || SOLAR_OPT=build/gcc/bin/solar-opt
fi
for tool in "$SOLAR_OPT" "$MLIR_OPT" "$GNU_TIME"; do
    command -v "$tool" >/dev/null || { echo "bench: $tool not found (scripts/setup.sh builds solar-opt)" >&2; exit 1; }
done

out=build/bench
big=$out/big.mlir
mkdir -p "$out"
if [ ! -s "$big" ] || [ bench/gen_large.py -nt "$big" ]; then
    echo "bench: generating $big"
    "$PY" bench/gen_large.py --spelling v14 --seed 1 -o "$big.tmp" --stats
    mv "$big.tmp" "$big"
fi
echo "bench: input $big, $(($(stat -c %s "$big") / 1000000)) MB, $(wc -l <"$big") lines"

# measure LABEL CMD...: runs CMD $RUNS times; prints "median_wall_s median_rss_kib"
measure() {
    local label=$1 i
    shift
    : >"$out/$label.times"
    for ((i = 0; i < RUNS; i++)); do
        if ! "$GNU_TIME" -f '%e %M' -o "$out/$label.time1" "$@" 2>"$out/$label.stderr"; then
            echo "bench: $label failed:" >&2
            head -n 20 "$out/$label.stderr" >&2
            return 1
        fi
        tail -n 1 "$out/$label.time1" >>"$out/$label.times"
    done
    "$PY" - "$out/$label.times" <<'PYEOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
print(statistics.median(float(r[0]) for r in rows), statistics.median(int(r[1]) for r in rows))
PYEOF
}

m=$(measure mlir "$MLIR_OPT" "$big" -o "$out/mlir.out") || exit 1
s=$(measure solar "$SOLAR_OPT" --mlir=14 "$big" -o "$out/solar.out") || exit 1
read -r m_wall m_rss <<<"$m"
read -r s_wall s_rss <<<"$s"

"$PY" - "$m_wall" "$m_rss" "$s_wall" "$s_rss" "$MLIR_OPT" "$SOLAR_OPT" <<'PYEOF'
import sys
m_wall, m_rss, s_wall, s_rss = float(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
mlir, solar = sys.argv[5], sys.argv[6]
print(f"{'tool':<34} {'wall s':>8} {'peak RSS MiB':>13}   (median of 3)")
print(f"{mlir:<34} {m_wall:>8.2f} {m_rss / 1024:>13.1f}")
print(f"{solar:<34} {s_wall:>8.2f} {s_rss / 1024:>13.1f}")
speed = m_wall / s_wall if s_wall > 0 else float("inf")
print(f"speed: solar-opt is {speed:.2f}x faster than mlir-opt-14 (target >= 3x)")
print(f"memory: solar-opt peak RSS is {s_rss / m_rss:.2f} of mlir-opt-14's (target <= 0.5)")
PYEOF

if "$MLIR_OPT" "$out/solar.out" -o /dev/null 2>"$out/check.stderr"; then
    echo "check: mlir-opt-14 accepts solar-opt's output ($out/solar.out)"
else
    echo "check: mlir-opt-14 REJECTS solar-opt's output ($out/solar.out):"
    head -n 10 "$out/check.stderr"
    exit 1
fi
