import Foundation
import Simulation
import Store
import Verifier
import Vocabulary

extension ScriptBuilder {
  /// The world's switches and settings where they differ from a fresh world's, as the commands that
  /// set them.
  mutating func writeSettings() {
    let (store, fresh) = (world.store, baseline.store)
    blank()
    writeEnvironment()
    if store.storefront.id != fresh.storefront.id { command("storefront", store.storefront.id) }
    if store.locale != fresh.locale { command("locale", store.locale) }
    if store.timeRate != fresh.timeRate { command("time-rate", store.timeRate.rawValue) }
    if store.isBillingRetryOn != fresh.isBillingRetryOn {
      command("billing-retry", word(store.isBillingRetryOn))
    }
    if store.gracePeriodDays != fresh.gracePeriodDays {
      if let days = store.gracePeriodDays {
        command("grace-period", "on", "\(days)d")
      } else {
        command("grace-period", "off")
      }
    }
    if store.isAskToBuyOn != fresh.isAskToBuyOn { command("ask-to-buy", word(store.isAskToBuyOn)) }
    if store.isAskToBuyDeclineSilent != fresh.isAskToBuyDeclineSilent {
      command("habit", "ask-to-buy-decline", store.isAskToBuyDeclineSilent ? "silent" : "documented")
    }
    if store.isInterruptedPurchasesOn != fresh.isInterruptedPurchasesOn {
      command("interrupted-purchases", word(store.isInterruptedPurchasesOn))
    }
    writeFaults()
    if let secret = world.sharedSecret, secret != baseline.sharedSecret {
      command("shared-secret", redaction.sharedSecret(secret))
    }
    for (productId, amount) in store.priceOverridesByProduct.sorted(by: { $0.key < $1.key }) {
      command("price-increase", productId, "\(amount)")
    }
    for url in world.notifications.urls {
      command(
        "notify-url", "add", redaction.url(url.url), "--environment", url.environment.rawValue.lowercased())
    }
    for fault in world.serverAPI.faults {
      command(["server", "fault", fault.endpoint] + words(of: fault.kind))
    }
    writeRetention()
    if world.appAppleId != baseline.appAppleId, world.store.allAccounts.allSatisfy({ $0.history.isEmpty }) {
      cannotReproduce(
        "the app's Apple ID \(redaction.appAppleId(world.appAppleId)) (no `import app` line sets it)")
    }
  }

  private func word(_ isOn: Bool) -> String { isOn ? "on" : "off" }

  /// The Retention Messaging review setting as its command; what the developer's server uploaded
  /// and configured through the API, named as not reproduced (no command uploads it).
  private mutating func writeRetention() {
    let retention = world.retention
    if retention.review != .automatic { command("retention", "review", retention.review.rawValue) }
    var parts: [String] = []
    if !retention.images.isEmpty { parts.append(Wording.plural(retention.images.count, "image")) }
    if !retention.messages.isEmpty { parts.append(Wording.plural(retention.messages.count, "message")) }
    if !retention.defaults.isEmpty {
      parts.append(Wording.plural(retention.defaults.count, "default message"))
    }
    let environments = retention.realtimeURLs.keys.map(\.rawValue).sorted()
    if !environments.isEmpty {
      parts.append("the realtime URL of \(environments.joined(separator: " and "))")
    }
    guard !parts.isEmpty else { return }
    cannotReproduce(
      "the Retention Messaging configuration the API set (\(parts.joined(separator: ", "))): "
        + "the developer's server uploads it again")
  }

  private mutating func writeEnvironment() {
    guard world.environment != baseline.environment else { return }
    switch world.environment {
    case .sandbox: command("environment", "sandbox")
    case .production: command("environment", "production")
    case .xcode, .localTesting:
      cannotReproduce(
        "the environment \(world.environment.rawValue) (`environment` sets sandbox or production)")
    }
  }

  /// `fail-next` lines for the armed failures, runs of one error each; standing failures have no
  /// command.
  private mutating func writeFaults() {
    let (faults, fresh) = (world.store.faults, baseline.store.faults)
    for api in FaultPlan.API.allCases {
      var runs: [(error: SKErrorCode, count: Int)] = []
      for error in faults.armedErrors[api] ?? [] {
        if let last = runs.last, last.error == error {
          runs[runs.count - 1].count += 1
        } else {
          runs.append((error, 1))
        }
      }
      for run in runs {
        for count in stride(from: run.count, to: 0, by: -100) {
          command("fail-next", api.rawValue, "--error", run.error.name, "--count", String(min(count, 100)))
        }
      }
      if faults.standingError(api) != fresh.standingError(api) {
        let error = faults.standingError(api).map(\.name) ?? "none"
        cannotReproduce(
          "every \(api.rawValue) call failing with \(error) (a .storekit setting; no command arms it)")
      }
    }
  }

  /// The words after `server fault ENDPOINT` for a fault.
  private func words(of kind: ServerFault.Kind) -> [String] {
    switch kind {
    case .rateLimit(let window): ["rate-limit", "\(window)ms"]
    case .error(let retryable): ["error"] + (retryable ? ["--retryable"] : [])
    case .notFoundYounger(let age): ["not-found-younger", age.description]
    case .delay(let milliseconds): ["delay", "\(milliseconds)ms"]
    case .status(let status): ["status", String(status)]
    }
  }
}
