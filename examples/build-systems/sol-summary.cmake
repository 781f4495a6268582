# The table of all reports, run by CMakeLists.txt at build time:
#   cmake -DSOL_DIR=sol -DNAMES=matmul,softmax -P sol-summary.cmake
# reads SOL_DIR/NAME.json for each name (string(JSON), CMake 3.19 or newer) and writes
# SOL_DIR/summary.csv: kernel,sol_fused_seconds,sol_unfused_seconds,bound, one row per kernel in
# the order given, bound that of the fused bound (matrix, vector or memory).
cmake_minimum_required(VERSION 3.20)
foreach(v SOL_DIR NAMES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "sol-summary.cmake: -D${v}=... missing")
  endif()
endforeach()

string(REPLACE "," ";" names "${NAMES}")
set(csv "kernel,sol_fused_seconds,sol_unfused_seconds,bound\n")
foreach(name IN LISTS names)
  set(report "${SOL_DIR}/${name}.json")
  file(READ "${report}" json)
  set(row "${name}")
  foreach(key "fused;seconds" "unfused;seconds" "fused;bound")
    string(JSON value ERROR_VARIABLE err GET "${json}" sol ${key})
    if(err)
      message(FATAL_ERROR "${report}: sol ${key}: ${err}")
    endif()
    string(APPEND row ",${value}")
  endforeach()
  string(APPEND csv "${row}\n")
endforeach()

file(WRITE "${SOL_DIR}/summary.csv.tmp" "${csv}")
file(RENAME "${SOL_DIR}/summary.csv.tmp" "${SOL_DIR}/summary.csv")
string(STRIP "${csv}" table)
message("${table}")
