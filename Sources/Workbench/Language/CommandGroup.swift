/// A purpose the commands of the language serve, under which `help` lists them. Every command of
/// ``WorkbenchCommand`` belongs to exactly one group (the tests check it), so a new command cannot
/// be left out of `help`.
struct CommandGroup: Sendable, Hashable {
  /// The heading, such as "Products and buying".
  var title: String
  /// The commands' names, in the order `help` lists them.
  var commands: [String]

  /// The groups, in the order `help` shows them.
  static let all: [CommandGroup] = [
    CommandGroup(
      title: "Products and buying",
      commands: [
        "products", "buy", "buy-backdated", "transactions", "finish", "history", "restore", "ask-to-buy",
        "approve", "decline", "interrupted-purchases", "resolve", "downloads", "start-downloads", "download",
        "bandwidth", "delete-transaction", "clear-transactions",
      ]),
    CommandGroup(
      title: "The queue and observers",
      commands: ["observer", "observers", "relaunch", "storage", "habit"]),
    CommandGroup(
      title: "StoreKit 2",
      commands: [
        "app", "listener", "purchase", "entitlements", "updates", "unfinished", "latest", "all-transactions",
        "subscription-status", "app-transaction", "sync", "unverified-next",
      ]),
    CommandGroup(
      title: "Offers",
      commands: [
        "offer-key", "offer-code", "redeem", "redeem-win-back", "streamlined-purchasing", "promote",
        "intents",
      ]),
    CommandGroup(
      title: "Subscriptions and time",
      commands: [
        "clock", "advance-clock", "time-rate", "subscriptions", "status", "auto-renew", "cancel-flow",
        "billing-retry",
        "grace-period", "billing-fix", "price-increase", "consent", "renew-now", "expire", "refund",
        "refund-request", "timeline",
      ]),
    CommandGroup(
      title: "Devices, accounts and storefronts",
      commands: ["device", "devices", "reinstall", "account", "family", "storefront", "locale"]),
    CommandGroup(
      title: "Receipts and verification",
      commands: ["receipt", "verify", "jws", "order-id", "shared-secret", "environment", "ca", "tamper"]),
    CommandGroup(
      title: "Switches and faults",
      commands: ["fail-next", "cancel-next", "can-make-payments", "server"]),
    CommandGroup(
      title: "Server and notifications",
      commands: [
        "serve", "api-key", "notify-url", "notifications", "notify", "retention", "rescind-consent",
        "external-purchase",
      ]),
    CommandGroup(
      title: "Catalogs and saved worlds",
      commands: ["catalog", "identity", "save", "load", "import", "export"]),
    CommandGroup(
      title: "Scripts and expectations",
      commands: ["expect", "record", "echo", "help", "quit"]),
  ]
}
