// The one Driver test that matches stderr: it pins the format of pipeline errors (header,
// source line, caret under the offending text) and of command-line usage errors.
// Unit test test/unit/pass_pipeline.c covers option values of every kind.

// RUN: not solar-opt %s --pass-pipeline='verify,verfy' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=UNKNOWN
// UNKNOWN:      {{^}}<pipeline>:1:8: error: unknown pass 'verfy'; did you mean 'verify'?{{$}}
// UNKNOWN-NEXT: {{^}}verify,verfy{{$}}
// UNKNOWN-NEXT: {{^}}       ^~~~~{{$}}

// RUN: not solar-opt %s --pass-pipeline='verify,frobnicate' 2>&1 | FileCheck %s --check-prefix=NO-SUGGESTION
// NO-SUGGESTION: <pipeline>:1:8: error: unknown pass 'frobnicate'; solar-opt --help lists the passes

// RUN: not solar-opt %s --pass-pipeline='verify{max-bytes=1MiB}' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=OPTION
// OPTION:      {{^}}<pipeline>:1:8: error: pass 'verify' has no option 'max-bytes'; it takes no options{{$}}
// OPTION-NEXT: {{^}}verify{max-bytes=1MiB}{{$}}
// OPTION-NEXT: {{^}}       ^~~~~~~~~{{$}}

// RUN: not solar-opt %s --verify=max-bytes=1MiB 2>&1 | FileCheck %s --check-prefix=FLAG-OPTION
// FLAG-OPTION: <pipeline>:1:8: error: pass 'verify' has no option 'max-bytes'

// RUN: not solar-opt %s --pass-pipeline='verify{' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=BRACE
// BRACE:      {{^}}<pipeline>:1:7: error: unbalanced '{': the options of pass 'verify' are not closed with '}'{{$}}
// BRACE-NEXT: {{^}}verify{{[{]}}{{$}}
// BRACE-NEXT: {{^}}      ^{{$}}

// RUN: not solar-opt %s --pass-pipeline='verify},verify' 2>&1 | FileCheck %s --check-prefix=CLOSE
// CLOSE: <pipeline>:1:7: error: unbalanced '}': no '{' opens it

// RUN: not solar-opt %s --pass-pipeline='verify,,verify' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: <pipeline>:1:8: error: expected a pass name, got ','

// RUN: not solar-opt %s --pass-pipeline='verify,' 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: <pipeline>:1:8: error: expected a pass name, got end of pipeline

// RUN: not solar-opt %s --verfy 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: solar-opt: error: unknown option '--verfy'; did you mean '--verify'?

// RUN: not solar-opt %s --split-input-fil 2>&1 | FileCheck %s --check-prefix=FLAG2
// FLAG2: solar-opt: error: unknown option '--split-input-fil'; did you mean '--split-input-file'?

// RUN: not solar-opt %s --bind N=abc 2>&1 | FileCheck %s --check-prefix=BIND
// BIND: solar-opt: error: --bind: expected an integer for 'N', got 'abc'

// Passes and --pass-pipeline run in command-line order.
// RUN: solar-opt %s --verify --pass-pipeline='verify' --verify --print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER-COUNT-3: // -----// IR Dump After verify //----- //
// ORDER-NOT: IR Dump

func.func @forward() {
  return
}
