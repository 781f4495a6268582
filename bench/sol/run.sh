#!/usr/bin/env bash
# Times the cache-aware bound (sol-cache) on a generated 10,000-node einsum graph.
#   bench/sol/run.sh [NODES]           # uses $SOLAR_OPT, else build/bin/solar-opt
# bench/sol/gen_graph.py writes the graph once (seed 1) to build/bench/sol-graph-NODES.mlir;
# each command runs $RUNS times and the table shows the median wall time, CPU time (user +
# system) and peak RSS (on a shared, loaded machine the CPU time is the steadier figure):
#   lift-einsum            the lifting pass alone (parse, verify, lift, print)
#   sol-fused              counting the graph (nodes, footprints, contraction statements)
#   sol-fused + sol-cache  the same plus the HBL LP and segment bounds of every statement at
#                          every memory level (bench/sol/small-chip.json: on-chip memory so
#                          small that the bounds of the graph's layers are active)
#   full analysis          lift-einsum, then every bound and pass of issue 5: sol-unfused,
#                          sol-fused, fuse (the plan), sol-cache and tile-for-cache
# then the ratio of sol-cache to sol-fused, of the analyses to lift-einsum alone, and the
# target (the whole analysis under a second of CPU).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

NODES=${1:-10000}
RUNS=${RUNS:-3}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
GNU_TIME=/usr/bin/time
if [ -z "${SOLAR_OPT:-}" ]; then
    SOLAR_OPT=build/bin/solar-opt
    [ -x "$SOLAR_OPT" ] || SOLAR_OPT=build/gcc/bin/solar-opt
fi
for tool in "$SOLAR_OPT" "$GNU_TIME"; do
    command -v "$tool" >/dev/null || { echo "bench/sol: $tool not found" >&2; exit 1; }
done
DEVICE=bench/sol/small-chip.json

out=build/bench
graph=$out/sol-graph-$NODES.mlir
mkdir -p "$out"
if [ ! -s "$graph" ] || [ bench/sol/gen_graph.py -nt "$graph" ]; then
    echo "bench/sol: generating $graph"
    "$PY" bench/sol/gen_graph.py --nodes "$NODES" --seed 1 -o "$graph.tmp"
    mv "$graph.tmp" "$graph"
fi
echo "bench/sol: $graph, $(($(stat -c %s "$graph") / 1000)) kB, $NODES nodes"

# measure LABEL CMD...: runs CMD $RUNS times; prints "median_wall_s median_rss_kib median_cpu_s"
measure() {
    local label=$1 i
    shift
    : >"$out/$label.times"
    for ((i = 0; i < RUNS; i++)); do
        if ! "$GNU_TIME" -f '%e %M %U %S' -o "$out/$label.time1" "$@" >"$out/$label.stdout" 2>"$out/$label.stderr"; then
            echo "bench/sol: $label failed:" >&2
            head -n 20 "$out/$label.stderr" >&2
            return 1
        fi
        tail -n 1 "$out/$label.time1" >>"$out/$label.times"
    done
    "$PY" - "$out/$label.times" <<'PYEOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
print(statistics.median(float(r[0]) for r in rows), statistics.median(int(r[1]) for r in rows),
      statistics.median(float(r[2]) + float(r[3]) for r in rows))
PYEOF
}

read -r t_lift m_lift u_lift < <(measure sol-lift "$SOLAR_OPT" "$graph" --lift-einsum -o /dev/null)
read -r t_fused m_fused u_fused < <(measure sol-fused "$SOLAR_OPT" "$graph" --sol-fused --hw "$DEVICE" --report=json)
read -r t_cache m_cache u_cache < <(measure sol-cache "$SOLAR_OPT" "$graph" --sol-fused --sol-cache --hw "$DEVICE" --report=json)
read -r t_full m_full u_full < <(measure sol-full "$SOLAR_OPT" "$graph" --lift-einsum --sol-unfused --sol-fused --fuse --sol-cache --tile-for-cache --hw "$DEVICE" --report=json)
stats=$("$PY" -c '
import json, sys
c = json.load(open(sys.argv[1]))["sol"]["cache"]
print("%d contraction statements, %d with a cache term; segment bytes %s" % (c["statements"],
      c["statements_with_cache_term"],
      ", ".join("%s %s" % (l["name"], l["segment_bytes"]) for l in c["levels"] if l["bounded"])))
' "$out/sol-cache.stdout")
echo "bench/sol: $stats"
"$PY" - "$t_lift" "$m_lift" "$u_lift" "$t_fused" "$m_fused" "$u_fused" "$t_cache" "$m_cache" "$u_cache" "$t_full" "$m_full" "$u_full" <<'PYEOF'
import sys
tl, ml, ul, tf, mf, uf, tc, mc, uc, ta, ma, ua = (float(x) for x in sys.argv[1:])
print("%-24s %10s %10s %12s" % ("command (median)", "wall s", "cpu s", "peak RSS MiB"))
for name, t, u, m in (("lift-einsum", tl, ul, ml), ("sol-fused", tf, uf, mf),
                      ("sol-fused + sol-cache", tc, uc, mc), ("full analysis", ta, ua, ma)):
    print("%-24s %10.3f %10.3f %12.1f" % (name, t, u, m / 1024))
print("sol-cache / sol-fused: %.3fx wall, %.3fx cpu (sol-cache adds %.3f s wall, %.3f s cpu)"
      % (tc / tf, uc / uf if uf else 0, tc - tf, uc - uf))
print("sol-cache / lift-einsum: %.2fx wall; full analysis / lift-einsum: %.2fx wall"
      % (tc / tl, ta / tl))
print("target: the full analysis under 1 s of CPU: %s (%.3f s cpu, %.3f s wall)"
      % ("met" if ua < 1.0 else "NOT met", ua, ta))
PYEOF
