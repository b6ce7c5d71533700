import Vocabulary

/// How a command is typed at the prompt and in scripts: `buy PRODUCT [--quantity N] [--offer ID]
/// [--unchecked]`, values named in capitals, never `storebench buy <product-id>`. Usage lines, help
/// and parse errors all name values through ``metavar(for:)``.
enum CommandUsage {
  /// The capitalised name a value is shown by, from ArgumentParser's value name (`product-id`).
  static func metavar(for valueName: String) -> String {
    switch valueName {
    case "product-id", "product-ids", "product": "PRODUCT"
    case "transaction", "transactions": "TXN"
    case "quantity", "count": "N"
    case "offer", "key-id": "ID"
    case "discount", "promotional-offer": "OFFER"
    case "nonce": "UUID"
    case "timestamp": "MS"
    case "signature": "BASE64"
    case "application-username": "NAME"
    case "offer-jws", "intro-eligibility-jws": "JWS"
    case "win-back-offer": "OFFER"
    case "purchased", "restored", "failed": "ACTIONS"
    default: valueName.uppercased()
    }
  }

  /// What a value written as `metavar` looks like, for a message about it being missing.
  static func example(for metavar: String) -> String? {
    switch metavar {
    case "DURATION": "such as 1d, 1mo"
    case "TXN": "such as #1, last or a transaction id"
    case "PRODUCT": "a product id: `products` lists them"
    case "N": "a number"
    default: nil
    }
  }

  /// How an argument's value is shown: its choices when they are few (`on|off`), else its metavar.
  static func value(of argument: CommandSpec.Argument) -> String {
    let choices = argument.values.joined(separator: "|")
    guard argument.values.isEmpty || argument.values.count > 6 || choices.count > 24 else { return choices }
    return metavar(for: argument.valueName)
  }

  /// The arguments a usage line and an option list show: all but `--help`.
  static func shown(_ spec: CommandSpec) -> [CommandSpec.Argument] {
    spec.arguments.filter { !$0.names.contains("--help") }
  }

  /// An argument as it stands in a usage line: `PRODUCT`, `[--quantity N]`, `[--unchecked]`,
  /// `[FILE…]`.
  static func term(for argument: CommandSpec.Argument) -> String {
    let name = argument.names.first ?? ""
    let written: String
    switch argument.kind {
    case .positional: written = value(of: argument) + (argument.isRepeating ? "…" : "")
    case .option: written = "\(name) \(value(of: argument))"
    case .flag: written = name
    }
    let optional = argument.isOptional || argument.kind == .flag || argument.defaultValue != nil
    return optional ? "[\(written)]" : written
  }

  /// The usage line of a command given by its words, such as `observer add NAME [--finishes]`.
  static func line(for path: [String], spec: CommandSpec) -> String {
    var terms = path
    if !spec.subcommands.isEmpty {
      terms.append(spec.subcommands.map(\.name).joined(separator: "|"))
    }
    terms += shown(spec).map(term(for:))
    return terms.joined(separator: " ")
  }

  /// The left column of an argument in a command's help: `PRODUCT`, `-q, --quantity N`.
  static func label(for argument: CommandSpec.Argument) -> String {
    switch argument.kind {
    case .positional: return value(of: argument)
    case .option: return argument.names.reversed().joined(separator: ", ") + " " + value(of: argument)
    case .flag: return argument.names.reversed().joined(separator: ", ")
    }
  }

  /// Replaces ArgumentParser's `<product-id>` and `--quantity <quantity>` in a message with the
  /// metavars the prompt uses.
  static func retypeValueNames(in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      result += rest[..<open]
      let name = rest[rest.index(after: open)..<close]
      let isValueName = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
      result += isValueName ? metavar(for: String(name)) : String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}

extension CommandUsage {
  /// A parse error as the prompt says it: the command first, values in capitals, then what to
  /// type: `buy: unknown option '--quantty'; did you mean '--quantity'? (options: --quantity, --offer,
  /// --unchecked)`,
  /// `advance-clock: missing DURATION (such as 1d, 1mo)`, else the error and ``hint(for:)``.
  ///
  /// - Parameters:
  ///   - message: ArgumentParser's short message, such as `Missing expected argument '<duration>'`.
  ///   - words: the line's words, the command's name first.
  static func parseError(_ message: String, words: [String]) -> String {
    let (spec, path) = CommandSpec.language.command(at: words)
    guard !path.isEmpty else {
      return lowercasingFirst(retypeValueNames(in: message)) + " (`help` lists the commands)"
    }
    let prefix = path.joined(separator: " ") + ": "
    // A command's own check (`validate()`) already names it and says what to type.
    if message.hasPrefix(prefix) { return message }
    let text = lowercasingFirst(retypeValueNames(in: message))
    if let word = words.dropFirst(path.count).first, text.contains("unexpected argument"),
      text.contains("'\(word)'"),
      let unknown = UnknownCommand.subcommandMessage(for: word, path: path, spec: spec)
    {
      return prefix + unknown
    }
    if text.hasPrefix("unknown option ") {
      let options = shown(spec).filter { $0.kind != .positional }
      let list =
        options.isEmpty
        ? "it takes none" : "options: " + options.compactMap(\.names.first).joined(separator: ", ")
      let clause = firstClause(of: text)
      // ArgumentParser quotes the option it does not know: `unknown option '--quantty'`.
      let typed = clause.split(separator: "'").dropFirst().first.map(String.init) ?? ""
      let suggestion = DidYouMean.clause(for: typed, among: options.flatMap(\.names)) { "'\($0)'" }
      return prefix + clause + suggestion + " (\(list))"
    }
    let missing = "missing expected argument '"
    if text.hasPrefix(missing), text.hasSuffix("'") {
      let value = String(text.dropFirst(missing.count).dropLast())
      return prefix + "missing \(value) (\(example(for: value) ?? hint(for: path)))"
    }
    return prefix + text + " (\(hint(for: path)))"
  }

  /// Where to look for how to type a command: "`help buy` shows how to type it".
  static func hint(for path: [String]) -> String {
    "`help \(path.joined(separator: " "))` shows how to type it"
  }

  /// The text with its first letter in lower case, as messages after a `command:` prefix read.
  private static func lowercasingFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// The text up to its first sentence's end, without ArgumentParser's own suggestion after it.
  private static func firstClause(of text: String) -> String {
    guard let end = text.range(of: ". ") else { return text }
    return String(text[..<end.lowerBound])
  }
}

extension CommandSpec {
  /// The deepest command the leading words name, and its names as typed: `observer add` for
  /// `observer add x --finishes`; the language itself and no names when the first word is no command.
  func command(at words: [String]) -> (spec: CommandSpec, path: [String]) {
    var spec = self
    var path: [String] = []
    for word in words {
      guard let subcommand = spec.subcommand(named: word) else { break }
      spec = subcommand
      path.append(subcommand.name)
    }
    return (spec, path)
  }
}
