# The table of all reports, run by CMakeLists.txt at build time:
#   cmake -DSOL_DIR=sol -DNAMES=matmul,softmax -P sol-summary.cmake
# reads SOL_DIR/NAME.json for each name (string(JSON), CMake 3.19 or newer) and writes
# SOL_DIR/summary.csv: kernel,device,sol_fused_seconds,sol_unfused_seconds,bound, one row per
# kernel and device (the report's "devices" entries) in the order given, bound that of the
# fused bound (matrix, vector or memory).
cmake_minimum_required(VERSION 3.20)
foreach(v SOL_DIR NAMES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "sol-summary.cmake: -D${v}=... missing")
  endif()
endforeach()

# One field of a report, or a fatal error naming the report and the field.
function(report_get out report json)
  string(JSON value ERROR_VARIABLE err GET "${json}" ${ARGN})
  if(err)
    message(FATAL_ERROR "${report}: ${ARGN}: ${err}")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

string(REPLACE "," ";" names "${NAMES}")
set(csv "kernel,device,sol_fused_seconds,sol_unfused_seconds,bound\n")
foreach(name IN LISTS names)
  set(report "${SOL_DIR}/${name}.json")
  file(READ "${report}" json)
  string(JSON count ERROR_VARIABLE err LENGTH "${json}" devices)
  if(err OR count EQUAL 0)
    message(FATAL_ERROR "${report}: no \"devices\" entries ${err}")
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    report_get(device "${report}" "${json}" devices ${i} device)
    report_get(fused "${report}" "${json}" devices ${i} sol fused seconds)
    report_get(unfused "${report}" "${json}" devices ${i} sol unfused seconds)
    report_get(bound "${report}" "${json}" devices ${i} sol fused bound)
    string(APPEND csv "${name},${device},${fused},${unfused},${bound}\n")
  endforeach()
endforeach()

file(WRITE "${SOL_DIR}/summary.csv.tmp" "${csv}")
file(RENAME "${SOL_DIR}/summary.csv.tmp" "${SOL_DIR}/summary.csv")
string(STRIP "${csv}" table)
message("${table}")
