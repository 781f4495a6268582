# Helpers of the build-time embedding scripts (lib/Exec/embed.cmake, lib/Translate/embed.cmake),
# which run as `cmake -P` and include this file.

# Sets var to the bytes of the file at path as C initialisers ("0x2f,0x2a,..."), 16 a line so
# the generated file stays readable in a diff or an editor; the caller appends the final 0x00.
function(bytes_of path var)
  file(READ "${path}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n    " hex "${hex}")
  set(${var} "${hex}" PARENT_SCOPE)
endfunction()

# Writes text to out only when it differs, so a rebuild does not recompile what did not change.
function(write_if_changed out text)
  set(old "")
  if(EXISTS "${out}")
    file(READ "${out}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${out}" "${text}")
  endif()
endfunction()
