/// Negative numbers as arguments. ArgumentParser reads any word that starts with a dash as an
/// option, so `advance-clock -1d` or `buy X --quantity -1` would fail as unknown options or
/// missing values before the command could say what is wrong with the number. This rewrites such
/// a line into one ArgumentParser reads as meant, using the command's own description
/// (``CommandSpec``): a negative option value is joined to its option (`--quantity=-1`), and when a
/// negative number stands in a positional place, the options go first and the positionals after
/// `--`, in their order.
enum NegativeValues {
  /// The words of a command line, rewritten so that its negative numbers reach the command; a
  /// line without one, with `--` already, or naming no known command comes back unchanged.
  static func protect(_ words: [String], in language: CommandSpec = .language) -> [String] {
    guard words.contains(where: NegativeNumber.matches), !words.contains("--"),
      var spec = words.first.flatMap(language.subcommand(named:))
    else { return words }
    var path = [words[0]]
    var rest = words.dropFirst()
    while let word = rest.first, let subcommand = spec.subcommand(named: word) {
      spec = subcommand
      path.append(word)
      rest = rest.dropFirst()
    }
    guard !spec.positionals.contains(where: \.isPassthrough) else { return words }
    var named: [String] = []
    var positionals: [String] = []
    var inOrder: [String] = []
    var remaining = rest.makeIterator()
    while let word = remaining.next() {
      guard word.hasPrefix("-"), !NegativeNumber.matches(word) else {
        positionals.append(word)
        inOrder.append(word)
        continue
      }
      var option = [word]
      if let argument = spec.argument(named: word), argument.kind == .option, let value = remaining.next() {
        let long = argument.names[0].hasPrefix("--")
        option = long && NegativeNumber.matches(value) ? ["\(argument.names[0])=\(value)"] : [word, value]
      }
      named += option
      inOrder += option
    }
    guard positionals.contains(where: NegativeNumber.matches) else { return path + inOrder }
    return path + named + ["--"] + positionals
  }
}
