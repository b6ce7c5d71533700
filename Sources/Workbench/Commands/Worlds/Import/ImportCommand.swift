import ArgumentParser

/// `import KIND …`: a customer's data into the world, from files or one fact a line.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      "Bring a customer's data into the world: a receipt, a verifyReceipt answer, signed data, or one fact.",
    discussion: """
      import receipt FILE            an app receipt (DER or base64; - reads stdin)
      import verify-response FILE    a verifyReceipt JSON answer: in_app,
                                     latest_receipt_info, pending_renewal_info
      import jws FILE                signed transactions, renewal infos,
                                     notifications, or saved Server API answers
      import app BUNDLE_ID …         the app's facts, one line
      import transaction PRODUCT ID --purchased DATE …
                                     one transaction, its own ids and dates
      import renewal ORIGINAL_ID …   what is known of a subscription's renewal

      Everything joins the current account and merges with what the world \
      holds. A conflict (two purchase dates for one transaction) stops the \
      import, changing nothing, unless --prefer world|incoming. Products the \
      catalog lacks are made from what the data shows, and listed. Signatures \
      are checked against --trust roots (storebench's own by default) at the \
      data's own date.
      """,
    subcommands: ImportCommand.kinds)
}
