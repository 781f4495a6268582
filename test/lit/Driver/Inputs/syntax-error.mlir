// A module that does not parse.
func.func @forward( {
