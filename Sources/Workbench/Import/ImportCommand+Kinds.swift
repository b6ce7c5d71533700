import ArgumentParser

extension ImportCommand {
  /// The kinds of `import`, in the order help lists them.
  static let kinds: [any ParsableCommand.Type] = [
    ImportAppCommand.self, ImportTransactionCommand.self, ImportRenewalCommand.self,
  ]
}
