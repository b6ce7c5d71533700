import ArgumentParser
import Observer
import Queue

extension ObserverCommand {
  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Register an observer that acts as its policy says.",
      discussion: """
        Presets: \(ObserverPolicy.presets.map { "\n  \($0.name): \($0.summary)" }.joined())
        Actions for --purchased, --restored and --failed: deliver, finish, both in order \
        (deliver,finish or finish,deliver), or none.
        An observer added while transactions wait in the queue hears them at once.
        """)

    /// The values --purchased, --restored and --failed take, for completion.
    static let actionLists = ["deliver", "finish", "deliver,finish", "finish,deliver", "none"]

    @Argument(help: "The observer's name, shown in log lines.")
    var name: String

    @Argument(
      help: "A policy preset (default: correct).", completion: .list(ObserverPolicy.presets.map(\.name)))
    var preset = "correct"

    @Option(help: "Actions for purchased transactions.", completion: .list(actionLists))
    var purchased: String?

    @Option(help: "Actions for restored transactions.", completion: .list(actionLists))
    var restored: String?

    @Option(help: "Actions for failed transactions.", completion: .list(actionLists))
    var failed: String?

    @Option(
      help: "The answer to a promoted purchase (shouldAddStorePayment): continue (default), defer or cancel.")
    var storePayment: StorePaymentDecision?

    func validate() throws {
      try requireNonEmpty(name, "the observer name")
      try requireNonEmpty(preset, "the preset")
      try requireNonEmpty(purchased, "--purchased")
      try requireNonEmpty(restored, "--restored")
      try requireNonEmpty(failed, "--failed")
    }

    func execute(in session: Session) throws {
      guard session.device.queue.observer(named: name) == nil else {
        throw WorkbenchError(.conflict, "an observer named \(name) is already registered")
      }
      let policy = try makePolicy()
      session.device.addObserver(named: name, policy: policy)
      session.print("observer \(name) added: \(policy.presetName ?? "custom") (\(policy))")
    }

    private func makePolicy() throws(WorkbenchError) -> ObserverPolicy {
      guard var policy = ObserverPolicy.preset(named: preset) else {
        let names = ObserverPolicy.presets.map(\.name).joined(separator: ", ")
        throw WorkbenchError(.invalidValue, "unknown policy \"\(preset)\" (presets: \(names))")
      }
      if let purchased { policy.purchased = try actions(purchased, for: "--purchased") }
      if let restored { policy.restored = try actions(restored, for: "--restored") }
      if let failed {
        policy.failed = try actions(failed, for: "--failed")
        guard !policy.failed.contains(.deliver) else {
          throw WorkbenchError(.invalidValue, "--failed: nothing can be delivered for a failed transaction")
        }
      }
      if let storePayment { policy.storePayment = storePayment }
      return policy
    }

    private func actions(_ text: String, for option: String) throws(WorkbenchError) -> [ObserverAction] {
      guard let actions = ObserverPolicy.parseActions(text) else {
        throw WorkbenchError(
          .invalidValue,
          "\(option): \"\(text)\" is not an action list (deliver, finish, deliver,finish, finish,deliver or none)"
        )
      }
      return actions
    }
  }
}

extension StorePaymentDecision: ExpressibleByArgument {}
