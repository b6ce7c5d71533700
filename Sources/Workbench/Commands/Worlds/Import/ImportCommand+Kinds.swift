import ArgumentParser

extension ImportCommand {
  /// The kinds of `import`, in the order help lists them.
  static let kinds: [any ParsableCommand.Type] = [
    ImportReceiptCommand.self, ImportVerifyResponseCommand.self, ImportSignedDataCommand.self,
    ImportAppCommand.self, ImportTransactionCommand.self, ImportRenewalCommand.self,
  ]
}
