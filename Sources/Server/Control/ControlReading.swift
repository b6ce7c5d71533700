/// What a `GET` of the control API answers: a part of the page's view of the world
/// (``WorldView``), as JSON. Only the parts asked for are present.
struct ControlReading: Encodable, Sendable {
  /// The world's clock, ISO 8601.
  var clock: String
  /// The accounts, with their transactions or their subscriptions.
  var accounts: [Account]?
  /// The purchases waiting for a parent (Ask to Buy) or for the customer, by handle.
  var waiting: [WorldView.WaitingView]?
  /// The server notifications sent, newest first, with every attempt.
  var notifications: [WorldView.NotificationView]?

  /// An account, with the part asked for.
  struct Account: Encodable, Sendable {
    var name: String
    var devices: String
    var transactions: [WorldView.TransactionView]?
    var hiddenTransactions: Int?
    var subscriptions: [WorldView.SubscriptionView]?
  }

  /// The parts a `GET` can ask for, by the last word of its path.
  enum Part: String, CaseIterable, Sendable {
    case transactions, subscriptions, waiting, notifications
  }

  /// One part of a view.
  init(_ part: Part, of view: WorldView) {
    clock = view.clock
    switch part {
    case .transactions:
      accounts = view.accounts.map {
        Account(
          name: $0.name, devices: $0.devices, transactions: $0.transactions,
          hiddenTransactions: $0.hiddenTransactions)
      }
    case .subscriptions:
      accounts = view.accounts.map {
        Account(name: $0.name, devices: $0.devices, subscriptions: $0.subscriptions)
      }
    case .waiting: waiting = view.waiting
    case .notifications: notifications = view.notifications
    }
  }
}
