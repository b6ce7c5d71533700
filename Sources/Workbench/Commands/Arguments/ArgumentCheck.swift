import ArgumentParser

/// Checks the commands' `validate()` makes of values ArgumentParser accepts but the domain does
/// not: empty names, numbers out of range. Each failure starts with the command as it is typed
/// (`account add: the account name is empty`) and names what is allowed.
extension ParsableCommand {
  /// The command as it is typed at the prompt, such as `buy` or `account add`.
  static var typedName: String {
    CommandPath.byType[ObjectIdentifier(Self.self)] ?? _commandName
  }

  /// Refuses an empty or whitespace-only value.
  ///
  /// - Parameters:
  ///   - value: the argument as given.
  ///   - what: what it is, such as `the product id`.
  /// - Throws: ``WorkbenchError`` `buy: the product id is empty`.
  func requireNonEmpty(_ value: String, _ what: String) throws(WorkbenchError) {
    guard value.allSatisfy(\.isWhitespace) else { return }
    let blank = value.isEmpty ? "" : " (only spaces)"
    throw WorkbenchError(.invalidValue, "\(Self.typedName): \(what) is empty\(blank)")
  }

  /// Refuses an optional value that is given but empty; an absent one is fine.
  ///
  /// - Throws: ``WorkbenchError`` as ``requireNonEmpty(_:_:)`` does.
  func requireNonEmpty(_ value: String?, _ what: String) throws(WorkbenchError) {
    if let value { try requireNonEmpty(value, what) }
  }

  /// Refuses each empty value of a list.
  ///
  /// - Throws: ``WorkbenchError`` as ``requireNonEmpty(_:_:)`` does.
  func requireNonEmpty(_ values: [String], _ what: String) throws(WorkbenchError) {
    for value in values { try requireNonEmpty(value, what) }
  }

  /// Refuses a number outside a range.
  ///
  /// - Parameters:
  ///   - value: the number as given.
  ///   - range: the numbers allowed.
  ///   - what: what it is, such as `--quantity`.
  /// - Throws: ``WorkbenchError`` `buy: --quantity must be 1 to 10 (got 0)`.
  func require<Number: Comparable>(
    _ value: Number, in range: ClosedRange<Number>, _ what: String
  ) throws(WorkbenchError) {
    guard !range.contains(value) else { return }
    throw WorkbenchError(
      .invalidValue,
      "\(Self.typedName): \(what) must be \(range.lowerBound) to \(range.upperBound) (got \(value))")
  }

  /// Refuses a number below a least value.
  ///
  /// - Throws: ``WorkbenchError`` `cancel-next: --count must be at least 1 (got 0)`.
  func require<Number: Comparable>(
    _ value: Number, atLeast least: Number, _ what: String
  ) throws(WorkbenchError) {
    guard value < least else { return }
    throw WorkbenchError(.invalidValue, "\(Self.typedName): \(what) must be at least \(least) (got \(value))")
  }

  /// Refuses a number that is zero or less.
  ///
  /// - Parameter shown: the number as the user wrote it, for the message.
  /// - Throws: ``WorkbenchError`` `price-increase: the new price must be more than 0 (got 0)`.
  func requirePositive<Number: Comparable & Numeric>(
    _ value: Number, _ what: String, shown: String
  ) throws(WorkbenchError) {
    guard value <= 0 else { return }
    throw WorkbenchError(.invalidValue, "\(Self.typedName): \(what) must be more than 0 (got \(shown))")
  }
}

/// The typed name of every command of the language, found by walking its tree once.
private enum CommandPath {
  static let byType: [ObjectIdentifier: String] = {
    var names: [ObjectIdentifier: String] = [:]
    func walk(_ type: any ParsableCommand.Type, _ prefix: String) {
      for sub in type.configuration.subcommands {
        let name = prefix.isEmpty ? sub._commandName : "\(prefix) \(sub._commandName)"
        names[ObjectIdentifier(sub)] = name
        walk(sub, name)
      }
    }
    walk(WorkbenchCommand.self, "")
    return names
  }()
}
