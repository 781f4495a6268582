# One kernel's SOL reports, run by the custom commands of CMakeLists.txt at build time:
#   cmake -DSOLAR_OPT=solar-opt -DKERNEL=k.mlir -DHW_JSONS=a.json,b.json -DOUT=sol/k -P sol-report.cmake
# writes OUT.json (--report=json) and OUT.txt (--report=text): the kernel lifted to einsums,
# both bounds (--sol-unfused --sol-fused) on every device in one run, at the sizes of the
# kernel's `// sizes.real:` header line.
cmake_minimum_required(VERSION 3.20)
foreach(v SOLAR_OPT KERNEL HW_JSONS OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "sol-report.cmake: -D${v}=... missing")
  endif()
endforeach()

# `// sizes.real: M=1024, N=1024, K=1024` -> --bind M=1024,N=1024,K=1024; an empty line (static
# shapes) or none -> no --bind.
set(bind)
file(STRINGS "${KERNEL}" header REGEX "^// sizes\\.real:")
if(header)
  list(GET header 0 header)
  string(REGEX REPLACE "^// sizes\\.real:" "" sizes "${header}")
  string(REGEX REPLACE "[ \t]" "" sizes "${sizes}")
  if(NOT sizes STREQUAL "")
    set(bind --bind "${sizes}")
  endif()
endif()

# Each report goes to a temporary file renamed into place, so a failure leaves neither behind
# (and the build reruns this kernel next time). -o /dev/null: the specialised IR solar-opt
# prints besides the report is not wanted here.
foreach(format json text)
  set(ext ${format})
  if(format STREQUAL "text")
    set(ext txt)
  endif()
  execute_process(
    COMMAND "${SOLAR_OPT}" "${KERNEL}" ${bind} --lift-einsum --sol-unfused --sol-fused
            --hw "${HW_JSONS}"
            --report=${format} --report-file "${OUT}.${ext}.tmp" -o /dev/null
    COMMAND_ECHO STDOUT
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(REMOVE "${OUT}.${ext}.tmp" "${OUT}.json" "${OUT}.txt")
    message(FATAL_ERROR "solar-opt failed on ${KERNEL} (exit status ${rc})")
  endif()
  file(RENAME "${OUT}.${ext}.tmp" "${OUT}.${ext}")
endforeach()
