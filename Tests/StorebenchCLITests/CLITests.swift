import Testing

/// Tests of the built `storebench` binary. They run one at a time: a script written for a test to
/// execute must not be held open by a process another test starts at that moment (the executable
/// would be "busy").
@Suite(.serialized) enum CLITests {}
