import Foundation
import Observer
import Simulation
import Store

extension ScriptBuilder {
  /// `account add` and `device add` for those a fresh world lacks, and the family.
  mutating func writeAccountsAndDevices() {
    let accounts = world.store.allAccounts.filter { baseline.store.account(named: $0.name) == nil }
    let devices = world.devices.filter { device in !baseline.devices.contains { $0.name == device.name } }
    let family = world.store.familyMembers
    guard !accounts.isEmpty || !devices.isEmpty || !family.isEmpty else { return }
    blank()
    for account in accounts { command("account", "add", redaction.account(account.name)) }
    for device in devices {
      command("device", "add", redaction.device(device.name))
      signedIn[device.name] = signedIn[currentDevice]
    }
    if let organizer = family.first {
      signIn(currentDevice, to: organizer)
      for member in family.dropFirst() { command("family", "add", redaction.account(member)) }
    }
  }

  /// For each account with purchases: its `import app`, `import transaction` and `import renewal`
  /// lines on the current device, then the `expect` lines pinning its state.
  mutating func writeCustomers() {
    for account in world.store.allAccounts where !account.history.isEmpty || !account.subscriptions.isEmpty {
      blank()
      comment("account \(redaction.account(account.name))")
      signIn(currentDevice, to: account.name)
      writeApp()
      for record in account.history {
        command(
          ImportLine.transaction(record, in: world, redaction: redaction),
          comment: record.isPriceAssumed ? PurchaseRecord.assumedPriceWords : nil)
      }
      for state in subscriptions(of: account) { command(ImportLine.renewal(state, redaction: redaction)) }
      writeExpectations(for: account)
      noteUnrepresentable(in: account)
    }
  }

  /// Signs each device in to its account, sets what each device's queue keeps that a command sets,
  /// and makes the world's current device the current one.
  mutating func writePlacement() {
    blank()
    for device in world.devices {
      let queue = device.queue
      let fresh = baseline.device.queue
      if let account = queue.account?.name {
        if signedIn[device.name] != account { signIn(device.name, to: account) }
      } else {
        cannotReproduce("\(redaction.device(device.name)) signed in to no account (its account was deleted)")
      }
      if queue.canMakePayments != fresh.canMakePayments {
        use(device.name)
        command("can-make-payments", queue.canMakePayments ? "on" : "off")
      }
      if queue.pendingCancellations > 0 {
        use(device.name)
        command("cancel-next", "--count", String(queue.pendingCancellations))
      }
      if queue.downloads.bandwidth != fresh.downloads.bandwidth {
        use(device.name)
        command("bandwidth", Bandwidth.format(queue.downloads.bandwidth))
      }
      writeObservers(of: device)
      writeReceipt(of: device)
    }
    use(world.device.name)
  }

  /// `receipt refresh` on a device whose receipt Apple wrote from its account's records as they
  /// stand now (what an import leaves); other receipts are noted as not reproduced.
  private mutating func writeReceipt(of device: Device) {
    guard let receipt = device.receipt else { return }
    guard let account = device.queue.account, receipt.account === account,
      receipt.environment == world.environment,
      receipt.stamp == account.stamp(at: world.store.clock.now)
    else {
      cannotReproduce(
        "the app receipt \(redaction.device(device.name)) holds, written at \(Timestamp.iso8601(receipt.stamp.date)) (`receipt refresh` writes one now)"
      )
      return
    }
    use(device.name)
    command("receipt", "refresh")
    if receipt.generation != 1 {
      cannotReproduce(
        "that \(redaction.device(device.name)) was given \(receipt.generation) receipts (the script gives it one: its opaque value differs)"
      )
    }
  }

  /// The subscriptions of an account, by group.
  func subscriptions(of account: Account) -> [SubscriptionState] {
    account.subscriptions.keys.sorted().compactMap { account.subscriptions[$0] }
  }

  /// `device use` when another device is current.
  private mutating func use(_ device: String) {
    guard currentDevice != device else { return }
    command("device", "use", redaction.device(device))
    currentDevice = device
  }

  /// `account use` on a device, when it is signed in to another account.
  private mutating func signIn(_ device: String, to account: String) {
    guard signedIn[device] != account else { return }
    use(device)
    command("account", "use", redaction.account(account))
    signedIn[device] = account
  }

  /// `import app` for the current account: the catalog's bundle id and version, what an imported
  /// receipt said of the customer's first download, the environment and the app's Apple ID.
  private mutating func writeApp() {
    let catalog = world.store.catalog
    var words = ["import", "app", catalog.bundleId, "--version", catalog.appVersion]
    if let version = world.importedOriginalApplicationVersion { words += ["--original-version", version] }
    if let date = world.importedOriginalPurchaseDate {
      words += ["--original-purchase", ImportLine.date(date)]
    }
    words += ["--environment", world.environment.rawValue]
    words += ["--app-apple-id", String(redaction.appAppleId(world.appAppleId))]
    command(words)
  }

  /// The observers of a device where they differ from a fresh device's: `observer remove` and
  /// `observer add` with a preset and the options that give the policy.
  private mutating func writeObservers(of device: Device) {
    let actual = device.queue.observers
    let fresh = baseline.device.queue.observers
    let sameAsFresh =
      actual.count == fresh.count
      && zip(actual, fresh).allSatisfy { pair in
        guard let first = pair.0 as? AppObserver, let second = pair.1 as? AppObserver else { return false }
        return first.name == second.name && first.policy == second.policy
      }
    guard !sameAsFresh else { return }
    use(device.name)
    for observer in fresh { command("observer", "remove", observer.name) }
    for observer in actual {
      guard let observer = observer as? AppObserver else {
        cannotReproduce("observer \(observer.name) on \(redaction.device(device.name)) (not a stand-in)")
        continue
      }
      command(["observer", "add", observer.name] + ObserverWords.words(for: observer.policy))
      if ObserverWords.policy(for: observer.policy) != observer.policy {
        cannotReproduce(
          "observer \(observer.name)'s policy \(observer.policy) (no preset and options give it)")
      }
    }
  }
}
