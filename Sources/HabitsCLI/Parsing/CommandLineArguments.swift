/// The shared command-line target (tokens, binding, specs, typed option
/// keys, usage errors), exported once here so that each command's file
/// needs no import of its own and its clients see the types the CLI's
/// functions take.
@_exported import CommandLineArguments
